import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    bucket = x.astype(jnp.int32)
    c = jax.pure_callback(lambda b: np.cos(b).astype(np.float32), jax.ShapeDtypeStruct((), jnp.float32), bucket)
    return c * x


print(jax.grad(f)(jnp.float32(3.0)))
