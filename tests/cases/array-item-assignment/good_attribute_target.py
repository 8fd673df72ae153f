import jax.numpy as jnp
import numpy as np


class Buffer:
    def __init__(self):
        self.data = np.zeros(3)

    def write(self, i, v):
        self.data[i] = v


b = Buffer()
b.write(0, 1.0)
print(jnp.asarray(b.data))
