import jax.numpy as jnp
from jax import lax

value = "one"
value = jnp.float32(1.0)
print(lax.sin(value))
