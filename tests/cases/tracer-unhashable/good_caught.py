import jax.numpy as jnp

x = jnp.ones(3)
try:
    hash(x)
except TypeError:
    print("arrays are unhashable")
