import jax.numpy as jnp

from .buffers import make_buffer, make_list


def run():
    w = make_buffer()
    w[0] = 1.0
    v = make_list()
    v[0] = 1.0
    return jnp.asarray(w), v
