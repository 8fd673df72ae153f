import jax
import jax.numpy as jnp


@jax.jit
def window(x, size=3):
    return jnp.zeros(size) + x[:size]


batched = jax.vmap(lambda row, n: row + jnp.ones(n), in_axes=(0, None))
print(window(jnp.ones(5)), batched(jnp.ones((2, 3)), 3))
