import jax
import jax.numpy as jnp


@jax.jit
def describe(x, mask):
    empty = bool(x.size == 0)
    masked = bool(mask is not None)
    return x.sum() if not empty and masked else x


print(describe(jnp.ones(3), None))
