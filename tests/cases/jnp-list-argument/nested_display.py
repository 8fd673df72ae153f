import jax.numpy as jnp

print(jnp.linalg.norm([[3.0, 0.0], [0.0, 4.0]]))  # expect: JXE097
