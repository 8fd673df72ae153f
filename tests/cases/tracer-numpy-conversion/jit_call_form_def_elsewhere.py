import jax
import jax.numpy as jnp
import numpy as np


def relu(x):
    return np.maximum(x, 0.0)  # expect: JXE074


fast_relu = jax.jit(relu)
print(fast_relu(jnp.array([-1.0, 2.0])))
