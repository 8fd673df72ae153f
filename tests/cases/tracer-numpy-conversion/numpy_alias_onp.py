import jax
import jax.numpy as np
import numpy as onp


@jax.jit
def scale(x):
    return onp.tanh(x) * np.ones(3)  # expect: JXE074


print(scale(np.ones(3)))
