import jax
import jax.numpy as jnp
import numpy as np


def loss(scale, x):
    y = jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)  # expect: JXE138
    return scale * jnp.sum(y)


grad_x = jax.grad(loss, argnums=1)
print(grad_x(2.0, jnp.ones(4)))
