import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Scale(HiPrim):
    def __init__(self, x_aval, factor):
        super().__init__()  # expect: JXE064
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = dict(factor=factor)

    def expand(self, x):
        return self.factor * x


def scale(x, factor):
    return Scale(jax.typeof(x), factor)(x)


print(scale(jnp.arange(3.0), 2.0))
