import jax.numpy as jnp

weights = jnp.linspace(0.0, 1.0, 4)
print(weights.numpy())  # expect: JXE175
