import jax.numpy as jnp
from jax import lax

start = jnp.float32(1.0)
print(lax.fori_loop(start, 5, lambda i, x: x * 2.0, jnp.ones(3)))  # expect: JXE137
