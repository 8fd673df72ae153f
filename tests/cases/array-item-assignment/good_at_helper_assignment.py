# case: static — `x.at[i] = v` fails with Python's own message ('_IndexUpdateHelper' object does not support item assignment), not JAX's
import jax.numpy as jnp

x = jnp.zeros(3)
x.at[0] = 1.0
print(x)
