import jax.numpy as jnp
import numpy as np


def make(as_numpy):
    out = jnp.zeros(3)
    if as_numpy:
        out = np.zeros(3)
    out[0] = 1.0
    return out


def converted():
    table = jnp.ones(2)
    table = np.asarray(table).copy()
    table[1] = 0.0
    return table


print(make(True), converted())
