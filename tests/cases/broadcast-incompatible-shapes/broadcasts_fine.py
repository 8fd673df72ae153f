import jax.numpy as jnp

x = jnp.ones((2, 3))
row = jnp.arange(3.0)
col = jnp.ones((2, 1))
print(x + row, x * col, x - 1.0, x < 2, jnp.maximum(x, row))
print(jnp.ones((4, 1)) + jnp.ones((1, 5)))
