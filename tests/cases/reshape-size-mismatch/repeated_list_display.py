import jax.numpy as jnp

weights = jnp.array([[0.5, 0.5]] * 3)
print(weights.reshape(2, 2))  # expect: JXE104
