import jax.numpy as jnp
from jax import lax

xs = jnp.ones((3, 2))
print(lax.scan(lambda c, x: ((c, x), x), jnp.float32(0), xs))  # expect: JXE096
