import jax
import jax.numpy as jnp

data = jnp.arange(6)
key = jax.random.key(1)
batch = jax.random.choice(key, data, (2, 4), False)  # expect: JXE134
print(batch)
