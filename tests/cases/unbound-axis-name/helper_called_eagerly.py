import jax.numpy as jnp
from jax import lax


def normalize(x):
    return x / lax.psum(x, "batch")  # expect: JXE108


print(normalize(jnp.arange(1.0, 5.0)))
