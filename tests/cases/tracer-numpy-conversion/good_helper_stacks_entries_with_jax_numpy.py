import jax
import jax.numpy as jnp
import numpy as np

NAMES = ["mass", "radius"]


class Emulator:
    def __init__(self, weights):
        self.weights = jnp.asarray(weights)

    def predict(self, params):
        vector = jnp.stack([params[name] for name in NAMES])
        return vector @ self.weights

    def describe(self, params):
        return np.array([params[name] for name in NAMES])  # (called eagerly, on Python floats)


emulator = Emulator(np.ones((2, 3)))


@jax.jit
def log_likelihood(theta, data):
    params = {"mass": theta[0], "radius": jnp.exp(theta[1])}
    return -jnp.sum((emulator.predict(params) - data) ** 2)


print(log_likelihood(jnp.array([1.0, 0.0]), jnp.zeros(3)))
print(emulator.describe({"mass": 1.0, "radius": 2.0}))
