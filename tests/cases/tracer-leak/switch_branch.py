import jax.numpy as jnp
from jax import lax

out = {}


def first(x):
    y = jnp.sin(x)
    out["branch"] = y  # expect: JXE077
    return y


def second(x):
    return jnp.cos(x)


r = lax.switch(0, [first, second], jnp.ones(2))
print(out["branch"] >= r)
