import jax
import jax.numpy as jnp


def repeat(x, n):
    return jnp.tile(x, n)


fast_repeat = jax.jit(repeat, static_argnums=2)  # expect: JXE131
print(fast_repeat(jnp.ones(2), 3))
