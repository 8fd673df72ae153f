import jax
import jax.numpy as jnp
import numpy as np

GRID = np.linspace(0.0, 1.0, 11)


def lookup(value, table):
    position = jnp.clip(jnp.searchsorted(table, value), 0, len(table) - 1)
    return jnp.asarray(table)[position]


def snap(value):
    return lookup(value, GRID)


print(jax.vmap(snap)(jnp.array([0.12, 0.5, 0.93])))
