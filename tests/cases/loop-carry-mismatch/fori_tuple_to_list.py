import jax.numpy as jnp
from jax import lax

init = (jnp.zeros(2), jnp.ones(2))
print(lax.fori_loop(0, 3, lambda i, c: [c[0] + c[1], c[1]], init))  # expect: JXE096
