import jax.numpy as jnp


def grid(n):
    return jnp.arrange(n) * 0.5  # expect: JXE174


print(grid(4))
