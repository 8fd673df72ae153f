import jax.numpy as jnp
from jax import lax

debug = {}


def body(carry, x):
    new = carry * 0.9 + x
    debug["carry"] = new  # expect: JXE077
    return new, new


final, trace = lax.scan(body, 0.0, jnp.arange(5.0))
print(debug["carry"] - final)
