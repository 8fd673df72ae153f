import jax.numpy as jnp

x = jnp.zeros(3)
try:
    x[0] = 1.0
except TypeError:
    print("JAX arrays are immutable")
