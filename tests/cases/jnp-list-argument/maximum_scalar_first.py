import jax.numpy as jnp

print(jnp.maximum(0.0, [-1.0, 2.0]))  # expect: JXE097
