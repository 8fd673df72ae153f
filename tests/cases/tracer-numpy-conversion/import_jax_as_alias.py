import jax as J
import jax.numpy as jnp
import numpy as np


@J.jit
def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))  # expect: JXE074


print(sigmoid(jnp.zeros(2)))
