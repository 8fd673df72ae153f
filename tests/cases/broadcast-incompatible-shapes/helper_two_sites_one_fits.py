import jax.numpy as jnp


def add_bias(x, width):
    return x + jnp.zeros((1, width))  # expect: JXE101


print(add_bias(jnp.ones((2, 4)), 4).shape)
print(add_bias(jnp.ones((2, 4)), width=3).shape)
