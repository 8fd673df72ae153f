import jax.numpy as jnp
from jax import lax

logged = {}


def on_true(x):
    y = jnp.exp(x)
    logged.update(value=y)  # expect: JXE077
    return y


def on_false(x):
    return x


out = lax.cond(True, on_true, on_false, jnp.ones(2))
print(logged["value"] > 1.0)
