import jax
import jax.numpy as jnp
import numpy as np

USE_HOST = False


def f(x):
    if USE_HOST:
        return jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x)
    return jnp.sin(x)


print(jax.grad(f)(jnp.float32(1.0)))
