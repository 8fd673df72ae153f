import jax
import jax.numpy as jnp


@jax.jit
def summarize(x):
    if x.shape[0] > 2:
        x = x[:2]
    if x.ndim == 1 and len(x) >= 1:
        x = x.reshape(1, -1)
    if x.dtype == jnp.float32:
        x = x * 1.0
    return x.sum()


print(summarize(jnp.ones(4)))
