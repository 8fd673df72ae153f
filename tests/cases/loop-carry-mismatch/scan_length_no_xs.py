import jax.numpy as jnp
from jax import lax

print(lax.scan(lambda c, _: (c + 1.0, None), jnp.int32(0), None, length=3))  # expect: JXE096
