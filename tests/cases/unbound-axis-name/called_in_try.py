import jax.numpy as jnp
from jax import lax


def normalize(x):
    return x / lax.psum(x, "batch")


try:
    print(normalize(jnp.ones(3)))
except NameError:
    print("not under a map")
