import jax
import numpy as np


def predict(x, w):
    return x @ w


inputs = np.random.randn(8, 3)
weights = np.random.normal(0.0, 1.0, size=(3, 2))
print(jax.vmap(predict, in_axes=(0, None))(inputs, weights).shape)
print(jax.vmap(predict)(inputs, np.stack([weights] * 8)).shape)
