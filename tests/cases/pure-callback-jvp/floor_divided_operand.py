import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    bucket = x // 2.0
    c = jax.pure_callback(np.cos, jax.ShapeDtypeStruct((), jnp.float32), bucket)
    return c * x


print(jax.grad(f)(jnp.float32(3.0)))
