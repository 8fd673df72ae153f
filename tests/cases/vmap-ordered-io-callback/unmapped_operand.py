import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def record(x):
    return x


def step(x, y):
    io_callback(record, jax.ShapeDtypeStruct((), jnp.float32), y, ordered=True)
    return x * 2


print(jax.vmap(step, in_axes=(0, None))(jnp.arange(3.0), jnp.float32(1.0)))
