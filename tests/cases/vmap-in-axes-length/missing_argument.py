import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


xs = jnp.ones((4, 3))
print(jax.vmap(scale, in_axes=(0, None))(xs))  # expect: JXE092
