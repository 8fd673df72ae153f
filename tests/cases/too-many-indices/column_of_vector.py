import jax.numpy as jnp

scores = jnp.zeros(10)
best = scores[:, 0]  # expect: JXE119
print(best)
