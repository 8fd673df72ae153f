import jax
import jax.numpy as jnp


@jax.jit
def chunk_sums(x):
    return jnp.stack([x[k:k + 2].sum() for k in range(0, 6, 2)])


print(chunk_sums(jnp.arange(6.0)))
