import jax
import jax.numpy as jnp
import numpy as np


def host_sin(x):
    return np.sin(x).astype(np.float32)


@jax.jit
def wave(x):
    return jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


print(wave(jnp.ones(2)))
