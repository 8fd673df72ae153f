import jax.numpy as jnp

v = jnp.array([1.0, 2.0, 3.0])
first = v[0]
print(first[0])  # expect: JXE119
