import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


xs = jnp.ones((4, 3))
print(jax.vmap(scale, in_axes={"factor": None, "x": 0})(xs, 2.0))  # expect: JXE093
