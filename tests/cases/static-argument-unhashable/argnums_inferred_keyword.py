import jax
import jax.numpy as jnp


@jax.jit(static_argnums=1)
def pad(x, width):
    return jnp.pad(x, width)


print(pad(jnp.ones(3), width={1, 2}))  # expect: JXE082
