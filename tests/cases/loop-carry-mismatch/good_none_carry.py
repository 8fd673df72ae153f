import jax.numpy as jnp
from jax import lax

print(lax.scan(lambda c, x: (None, x * 2), None, jnp.ones(3)))
print(lax.scan(lambda c, _: (c, None), (jnp.ones(2), None), None, length=2))
