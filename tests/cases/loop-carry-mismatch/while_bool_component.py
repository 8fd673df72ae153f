import jax.numpy as jnp
from jax import lax

init = (0, jnp.zeros(2))
print(lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] > 0), init))  # expect: JXE096
