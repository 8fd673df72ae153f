import jax
import jax.numpy as jnp
import numpy as np


def loss(w, buf: np.ndarray):
    buf[0] = 1.0
    return jnp.sum(w * buf)


def lookup(x, table: np.ndarray):
    table[0] = 0.0
    return x * table.sum()


print(jax.grad(loss)(jnp.ones(2), np.zeros(2)))
print(jax.vmap(lookup, in_axes=(0, None))(jnp.ones(3), np.ones(2)))
