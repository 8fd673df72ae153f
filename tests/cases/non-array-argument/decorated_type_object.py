import jax
import jax.numpy as jnp


@jax.jit
def cast(x, dtype):
    return x.astype(dtype)


print(cast(jnp.ones(3), float))  # expect: JXE081
