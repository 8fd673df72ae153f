import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def response(params, x):
    gain, offset = params
    return jnp.tanh(gain) * x + offset


params = (jnp.array([0.5, 1.5]), jnp.array([0.0, 0.1]))
print(response(params, jnp.ones(2)), np.tanh(0.5))
