import jax
import jax.numpy as jnp
from jax.experimental import hijax


class Sin(hijax.HiPrim):
    def __init__(self, x_aval):
        hijax.HiPrim.__init__(self)  # expect: JXE064
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}

    def expand(self, x):
        return jnp.sin(x)


def sin(x):
    return Sin(jax.typeof(x))(x)


print(sin(0.5))
