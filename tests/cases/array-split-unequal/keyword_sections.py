import jax.numpy as jnp
import jax

batch = jax.random.normal(jax.random.key(0), (7, 3))
parts = jnp.split(batch, indices_or_sections=2)  # expect: JXE120
print(parts)
