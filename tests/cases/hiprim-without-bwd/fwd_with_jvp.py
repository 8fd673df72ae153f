import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Double(HiPrim):
    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x):
        return 2.0 * x

    def jvp(self, primals, tangents):
        (x,), (t,) = primals, tangents
        return 2.0 * x, 2.0 * t

    def vjp_fwd(self, nzs_in, x):  # expect: JXE063
        return 2.0 * x, None


def double(x):
    return Double(jax.typeof(x))(x)


print(jax.grad(lambda x: jnp.sum(double(x)))(jnp.arange(3.0)))
