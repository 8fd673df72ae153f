import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def record(x):
    return x


def step(x):
    return io_callback(record, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)


def run(batch):
    try:
        return jax.vmap(step)(batch)
    except ValueError as error:
        return str(error)


print(run(jnp.arange(3.0)))
