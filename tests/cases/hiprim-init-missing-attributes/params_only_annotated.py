import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Sin(HiPrim):
    params: dict  # an annotation only: no attribute

    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        super().__init__()  # expect: JXE064

    def expand(self, x):
        return jnp.sin(x)


def sin(x):
    return Sin(jax.typeof(x))(x)


print(sin(0.5))
