import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def response(params, x):
    gain, offset = params
    return np.tanh(gain) * x + offset  # expect: JXE074


params = (jnp.array([0.5, 1.5]), jnp.array([0.0, 0.1]))
print(response(params, jnp.ones(2)))
