import jax.numpy as jnp
from jax import lax


def accumulate(total, count):
    return total + jnp.arange(count).sum(), total  # expect: JXE071


counts = jnp.array([2, 3, 4])
print(lax.scan(accumulate, 0, counts))
