import jax
import jax.numpy as jnp


@jax.jit
def expand(x, counts):
    return jnp.repeat(x, counts, total_repeat_length=4) + x.repeat(2)[:4].sum()


print(expand(jnp.arange(4.0), jnp.array([1, 1, 1, 1])))
