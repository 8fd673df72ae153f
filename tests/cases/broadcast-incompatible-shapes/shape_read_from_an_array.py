import jax.numpy as jnp

x = jnp.ones((6, 3))
n, d = x.shape
# Shapes read from an array of known shape are Python ints: (6, 3) against (6, 2).
print(jnp.zeros((n, d)) + jnp.ones((x.shape[0], 2)))  # expect: JXE101
