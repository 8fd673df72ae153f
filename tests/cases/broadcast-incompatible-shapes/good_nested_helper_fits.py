import jax.numpy as jnp


def add_bias(x, width):
    return x + jnp.zeros((1, width))


def layer(x, width=4):
    return add_bias(x, width)


print(layer(jnp.ones((2, 4))).shape)
print(layer(jnp.ones((2, 3)), 3).shape)
