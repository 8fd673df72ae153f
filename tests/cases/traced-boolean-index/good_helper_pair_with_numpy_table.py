# case: static — the helper's second element is a NumPy array built from constants: indexing
# it with a NumPy mask is concrete, whatever the first element is
import jax
import jax.numpy as jnp
import numpy as np


def bands(signal):
    weights = np.linspace(0.0, 1.0, 4)
    return signal * 2.0, weights


@jax.jit
def weighted(signal):
    scaled, weights = bands(signal)
    kept = weights[weights > 0.5]
    return scaled[:2] * kept.sum()


print(weighted(jnp.ones(4)))
