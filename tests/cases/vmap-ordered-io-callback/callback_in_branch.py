import jax
import jax.numpy as jnp
from jax.experimental import io_callback

VERBOSE = False


def record(x):
    return x


def step(x):
    if VERBOSE:
        io_callback(record, jax.ShapeDtypeStruct((), x.dtype), x, ordered=True)
    return x + 1


print(jax.vmap(step)(jnp.arange(3.0)))
