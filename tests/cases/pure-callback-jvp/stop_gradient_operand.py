import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    frozen = jax.lax.stop_gradient(x)
    c = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), frozen)
    return jnp.sum(c * x)


print(jax.grad(f)(jnp.ones(3)))
