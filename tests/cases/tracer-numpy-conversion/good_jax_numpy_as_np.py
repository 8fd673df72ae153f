import jax
import jax.numpy as np


@jax.jit
def wave(x):
    return np.sin(x) + np.asarray(x)


print(wave(np.ones(2)))
