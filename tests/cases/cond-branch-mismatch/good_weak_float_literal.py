import jax.numpy as jnp
from jax import lax

# A Python float is weakly typed: it matches a float32 array (typematch ignores weak types).
x = jnp.float32(2.0)
print(lax.cond(x > 0, lambda v: v * 2.0, lambda v: 0.0, x))
