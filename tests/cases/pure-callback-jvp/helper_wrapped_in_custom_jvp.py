import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def host_inverse(a):
    shape = jax.ShapeDtypeStruct(a.shape, a.dtype)
    return jax.pure_callback(lambda m: np.linalg.inv(m).astype(m.dtype), shape, a)


@host_inverse.defjvp
def host_inverse_jvp(primals, tangents):
    (a,), (t,) = primals, tangents
    inverse = host_inverse(a)
    return inverse, -inverse @ t @ inverse


def loss(params):
    inverse = host_inverse(params * 2.0)
    return jnp.sum(inverse)


print(jax.grad(loss)(jnp.eye(2)))
