import jax.numpy as jnp
import numpy as np


class Tensor:
    def __init__(self, data):
        self.data = data

    def numpy(self):
        return np.asarray(self.data)


def host(t):
    return t.cpu() if hasattr(t, "cpu") else t


print(Tensor(jnp.ones(2)).numpy(), np.ones(2).tobytes()[:2], host(jnp.ones(2)).shape)
