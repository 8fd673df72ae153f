import jax
import jax.numpy as jnp
import numpy as np

features = jax.device_put(np.zeros((2, 3), np.float32))
bias = jax.device_put(jnp.ones(3), jax.devices()[0])
print(features + bias)
