import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def host_sin(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@host_sin.defjvp
def host_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    cos = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return host_sin(x), cos * t


print(jax.grad(host_sin)(jnp.float32(1.0)))
