import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def record(x):
    return x


def step(x):
    return io_callback(record, jax.ShapeDtypeStruct((), x.dtype), x, ordered=True)  # expect: JXE141


print(jax.vmap(step)(jnp.arange(3.0)))
