import jax
import jax.numpy as jnp


def add_bias(x, b):
    return x + b  # expect: JXE101


# One example of each: x of shape (3,), b of shape (5,).
print(jax.vmap(add_bias)(jnp.ones((8, 3)), jnp.ones((8, 5))))
