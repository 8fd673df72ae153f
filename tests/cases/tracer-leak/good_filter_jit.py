# case: static — equinox is not installed; eqx.filter_jit is not jax.jit as far as this file shows
import equinox as eqx
import jax.numpy as jnp

cache = {}


@eqx.filter_jit
def f(x):
    cache["y"] = jnp.sin(x)
    return x


f(jnp.ones(3))
print(cache["y"] + 1.0)
