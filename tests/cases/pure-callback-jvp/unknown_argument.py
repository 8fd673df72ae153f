import jax
import jax.numpy as jnp
import numpy as np


def host_sin(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x)


def run(value):
    try:
        return jax.grad(host_sin)(value)
    except (TypeError, ValueError) as error:
        return type(error).__name__


print(run(jnp.float32(1.0)))
