import jax.numpy as jnp

scores = jnp.array([[0.2, 0.9, 0.4], [0.7, 0.1, 0.8]])


def first_above(row):
    return jnp.nonzero(row > 0.5)[0][0]  # expect: JXE071


print(jnp.apply_along_axis(first_above, 1, scores))
