import jax.numpy as jnp
from jax import lax


def step(total, inputs):
    count, weight = inputs
    return total + jnp.arange(count).sum() * weight, total  # expect: JXE071


counts = jnp.array([2, 3, 4])
weights = jnp.ones(3)
print(lax.scan(step, 0.0, (counts, weights)))
