import equinox as eqx
import jax.numpy as jnp

cache = {}


@eqx.filter_jit
def f(x):
    return x, jnp.sin(x)


_, cache["y"] = f(jnp.ones(3))
print(cache["y"] + 1.0)
