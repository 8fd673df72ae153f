import jax.numpy as jnp
from jax import lax


def step(total, inputs):
    row, weight = inputs
    return total + jnp.arange(row.shape[0]).sum() * weight + row.sum(), total


rows = jnp.ones((3, 4))
weights = jnp.ones(3)
print(lax.scan(step, 0.0, (rows, weights)))
