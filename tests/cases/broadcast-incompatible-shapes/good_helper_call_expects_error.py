import jax.numpy as jnp


def add_bias(x, width):
    return x + jnp.zeros((1, width))


def layer(x, width=3):
    return add_bias(x, width)


# the caller expects the error: not a finding
try:
    add_bias(jnp.ones((2, 4)), 3)
except TypeError:
    print("refused")
try:
    layer(jnp.ones((2, 4)))
except TypeError:
    print("refused")
