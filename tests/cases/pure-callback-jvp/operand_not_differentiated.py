import jax
import jax.numpy as jnp
import numpy as np


def loss(w, x):
    y = jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(w * y)


print(jax.grad(loss)(jnp.ones(4), jnp.ones(4)))
