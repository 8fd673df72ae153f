import jax
import jax.numpy as jnp
from jax import lax


def normalize(x):
    return x / lax.psum(x, "batch")


print(jax.vmap(normalize, axis_name="batch")(jnp.arange(1.0, 5.0)))
