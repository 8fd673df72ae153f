import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    y = 2.0 * x + 1.0
    z = jax.pure_callback(np.exp, jax.ShapeDtypeStruct((), jnp.float32), -y)  # expect: JXE138
    return z * x


print(jax.jit(jax.grad(f))(1.5))
