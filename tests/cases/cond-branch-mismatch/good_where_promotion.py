import jax.numpy as jnp
from jax import lax

# jnp.where promotes the weak 0 to x's dtype: both branches return float32[3].
x = jnp.linspace(-1.0, 1.0, 3)
print(lax.cond(True, lambda v: jnp.where(v > 0, v, 0), lambda v: v, x))
