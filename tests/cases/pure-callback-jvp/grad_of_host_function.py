import jax
import jax.numpy as jnp
import numpy as np


def host_sin(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # expect: JXE138


print(jax.grad(host_sin)(jnp.float32(1.0)))
