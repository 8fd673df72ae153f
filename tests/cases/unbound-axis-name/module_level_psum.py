import jax.numpy as jnp
from jax import lax

x = jnp.arange(4.0)
total = lax.psum(x, "i")  # expect: JXE108
print(total)
