import jax
import jax.numpy as jnp


def leaky(h):
    if h > 0:  # expect: JXE070
        return h
    return 0.01 * h


@jax.jit
def layer(x, w):
    return leaky(jnp.dot(x, w))


print(layer(jnp.ones(3), jnp.ones(3)))
