import jax
import jax.numpy as jnp
import numpy as np


def f(x, host=False):
    if not host:
        return jnp.sin(x)
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x)


print(jax.grad(f)(jnp.float32(1.0)))
