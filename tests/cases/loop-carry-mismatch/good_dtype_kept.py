import jax.numpy as jnp
from jax import lax

# A weak scalar meeting a float16 carry keeps float16; weak int 0 meeting float16 becomes float16.
print(lax.fori_loop(0, 3, lambda i, c: c + 1.0, jnp.float16(0)))
print(lax.fori_loop(0, 3, lambda i, c: c + jnp.ones((), jnp.float16), 0))
print(lax.fori_loop(0, 3, lambda i, c: c + 1, jnp.uint8(0)))
print(lax.fori_loop(0, 3, lambda i, c: (c[0] + 0.5, c[1]), (0, jnp.zeros(3))))
