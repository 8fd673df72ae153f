import jax
import jax.numpy as jnp
import numpy as np


def activation(h):
    return np.tanh(h)  # expect: JXE074


@jax.jit
def layer(w, x):
    return activation(jnp.dot(w, x))


print(layer(jnp.ones(2), jnp.ones(2)))
