import jax.numpy as jnp

scores = jnp.array([[0.2, 0.9], [0.4, 0.1]])
best = scores.max()
for row_best in best:  # expect: JXE155
    print(row_best)
