import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Sin(HiPrim):
    def __init__(self, x_aval):
        self._set_types(x_aval)
        super().__init__()

    def _set_types(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}

    def expand(self, x):
        return jnp.sin(x)


def sin(x):
    return Sin(jax.typeof(x))(x)


print(sin(0.5))
