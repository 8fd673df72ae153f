import jax
import jax.numpy as jnp

seed = jnp.array(3)
print(jax.random.randint(seed, (2,), 0, 10))  # expect: JXE130
