# case: static — the stored parameter is a dict: `* 2.0` fails with TypeError before any leak shows
import jax
import jax.numpy as jnp

saved = {}


@jax.jit
def f(params):
    saved["p"] = params
    return params["w"] * 2.0


f({"w": jnp.ones(3)})
print(saved["p"] * 2.0)
