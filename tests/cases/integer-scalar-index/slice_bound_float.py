import jax.numpy as jnp

history = [1.0, 2.0, 3.0, 4.0]
half = jnp.array(4) / 2
print(history[:half])  # expect: JXE124
