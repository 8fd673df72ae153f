import jax
import jax.numpy as jnp
import numpy as np


def preprocess(data):
    return np.log1p(np.asarray(data))


@jax.jit
def model(x):
    return jnp.tanh(x)


batch = preprocess([1.0, 2.0])
print(model(batch), np.sin(model(batch)))
