import jax.numpy as jnp

scores = [0.5, 1.5, 2.5]
print(jnp.mean(scores))  # expect: JXE097
