import jax.numpy as jnp

a = jnp.zeros(3)
b = a
a[0] = 1.0  # expect: JXE080
print(a, b)
