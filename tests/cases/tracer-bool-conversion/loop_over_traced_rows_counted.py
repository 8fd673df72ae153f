import jax
import jax.numpy as jnp


@jax.jit
def count_positive_rows(table):
    total = 0
    for r in table:
        total += (r.sum() > 0).astype(jnp.int32)
    return total


print(count_positive_rows(jnp.arange(12.0).reshape(3, 4) - 5.0))
