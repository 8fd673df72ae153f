import jax
import jax.numpy as jnp

last = None
shapes = {}


@jax.jit
def f(x):
    global last
    y = jnp.sin(x)
    last = y
    shapes["y"] = y
    return y


f(jnp.ones(3))
# A leaked tracer raises only when computed with; printing it or reading its shape does not.
print(last)
print(shapes["y"].shape, last.dtype)
