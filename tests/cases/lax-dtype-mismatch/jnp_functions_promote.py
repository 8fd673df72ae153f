import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
print(jnp.add(x, 1), jnp.maximum(x, 0), x + 1, lax.add(x.astype(jnp.int32), 1))
