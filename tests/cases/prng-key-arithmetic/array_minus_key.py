import jax
import jax.numpy as jnp

offsets = jnp.arange(3)
print(offsets - jax.random.key(1))  # expect: JXE129
