import equinox as eqx
import jax.numpy as jnp

cache = {}


@eqx.filter_jit
def f(x):
    cache["y"] = jnp.sin(x)  # expect: JXE077
    return x


f(jnp.ones(3))
print(cache["y"] + 1.0)
