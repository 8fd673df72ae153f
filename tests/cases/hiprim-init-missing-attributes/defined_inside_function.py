import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


def make_sin(x):
    class Sin(HiPrim):
        def __init__(self, x_aval):
            super().__init__()  # expect: JXE064
            self.in_avals = (x_aval,)
            self.out_aval = x_aval
            self.params = {}

        def expand(self, x):
            return jnp.sin(x)

    return Sin(jax.typeof(x))(x)


print(make_sin(0.5))
