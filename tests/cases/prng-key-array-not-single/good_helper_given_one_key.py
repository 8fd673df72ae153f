import jax
import jax.numpy as jnp


def jitter(key, positions):
    key, sub = jax.random.split(key)
    return key, positions + 0.1 * jax.random.normal(sub, positions.shape)


key = jax.random.key(0)
positions = jnp.zeros(3)
for _ in range(5):
    key, positions = jitter(key, positions)
print(positions)
