"""A HiPrim vjp_bwd that returns the cotangent instead of accumulating it (JXE060)."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Sin(HiPrim):
    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x):
        return jnp.sin(x)

    def vjp_fwd(self, nzs_in, x):
        return jnp.sin(x), x

    def vjp_bwd(self, x, g, x_acc):
        x_acc.accum(g * jnp.cos(x))
        return None


def sin(x):
    return Sin(jax.typeof(x))(x)


print(jax.grad(sin)(0.5))
