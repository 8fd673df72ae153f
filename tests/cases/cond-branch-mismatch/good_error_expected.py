import jax.numpy as jnp
from jax import lax

# A test that expects the error: nothing to report.
try:
    lax.cond(True, lambda x: (x, x), lambda x: (x, 0), jnp.ones(3))
except TypeError as error:
    print("raised as expected:", str(error).splitlines()[0])
