import jax.numpy as jnp

print(jnp.arange(7.0).reshape(-1, 2))  # expect: JXE104
