import jax.numpy as jnp

x = jnp.zeros(2)
x[0], y = 1.0, 2.0  # expect: JXE080
print(x, y)
