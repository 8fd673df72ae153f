import jax
import jax.numpy as jnp
import numpy as np


def host_sin(x):
    return np.sin(x).astype(x.dtype)


@jax.jit
def f(x):
    # grad traces the body of a jitted function: the tangent of `x` reaches the callback.
    return jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x).sum()  # expect: JXE138


x = jnp.arange(3.0)
print(f(x))
print(jax.grad(f)(x))
