import jax
import jax.numpy as jnp
import numpy as np


def padded_length(a):
    return a.size + 1  # Python arithmetic on a static size: a Python int


def grid_size(n):
    return jnp.maximum(n, 1)  # a JAX array, but only called outside jit below


@jax.jit
def pad(a):
    out = jnp.zeros((padded_length(a),))
    return out.at[: a.size].set(a)


print(pad(jnp.arange(3.0)))
print(np.zeros(int(grid_size(4))).shape)
