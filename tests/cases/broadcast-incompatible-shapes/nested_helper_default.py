import jax.numpy as jnp


def add_bias(x, width):
    return x + jnp.zeros((1, width))  # expect: JXE101


def layer(x, width=3):
    return add_bias(x, width)


print(layer(jnp.ones((2, 4))).shape)
