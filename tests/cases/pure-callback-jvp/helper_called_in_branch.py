import jax
import jax.numpy as jnp
import numpy as np


def host_inverse(a):
    shape = jax.ShapeDtypeStruct(a.shape, a.dtype)
    return jax.pure_callback(lambda m: np.linalg.inv(m).astype(m.dtype), shape, a)


def loss(params, exact):
    if exact:
        return jnp.sum(host_inverse(params))
    return jnp.sum(params)


print(jax.grad(loss)(jnp.eye(2), False))
