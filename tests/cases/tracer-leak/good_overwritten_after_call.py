import jax
import jax.numpy as jnp

box = {}


@jax.jit
def f(x):
    box["y"] = x * 2.0
    return x * 2.0


box["y"] = f(jnp.ones(3))
print(box["y"] + 1.0)
