import jax.numpy as jnp
from jax import lax

xs = jnp.ones(4)
n = xs.shape[0]
# The bounds are not literals: scan (concrete) or while_loop (traced) is not shown here.
print(lax.fori_loop(0, n, lambda i, c: c + 0.5, jnp.zeros(2, jnp.int32)))  # expect: JXE096
