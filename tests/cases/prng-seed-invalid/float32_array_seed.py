import jax
import jax.numpy as jnp

seed = jnp.float32(3)
print(jax.random.key(seed=seed))  # expect: JXE133
