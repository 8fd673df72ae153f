import sys

import jax.numpy as jnp


def head_plus_bias(n):
    padded = jnp.zeros(10)
    head = padded[:n]
    return head + jnp.ones(4)


print(head_plus_bias(len(sys.argv) + 3))
