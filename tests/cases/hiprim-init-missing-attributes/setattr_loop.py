import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Sin(HiPrim):
    def __init__(self, x_aval):
        fields = dict(in_avals=(x_aval,), out_aval=x_aval, params={})
        for name, value in fields.items():
            setattr(self, name, value)
        super().__init__()

    def expand(self, x):
        return jnp.sin(x)


def sin(x):
    return Sin(jax.typeof(x))(x)


print(sin(0.5))
