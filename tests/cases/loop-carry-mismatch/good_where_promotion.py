import jax.numpy as jnp
from jax import lax

# jnp.where keeps the carry's dtype: the weak 0 takes float32.
print(lax.fori_loop(0, 3, lambda i, c: jnp.where(c > 1, c, 0), jnp.float32(2)))
print(lax.fori_loop(0, 3, lambda i, c: jnp.maximum(c, 0), jnp.zeros(3)))
