import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
print(lax.add(x, 1.0), lax.max(x, 0.0), lax.mul(jnp.arange(3), 2))
print(lax.add(x, jnp.asarray(1.0)), lax.lt(x, x))
