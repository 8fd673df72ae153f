import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


xs = jnp.ones((4, 3))
print(jax.vmap(scale)(xs, 2.0))  # expect: JXE118
