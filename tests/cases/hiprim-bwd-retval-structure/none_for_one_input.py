import jax
from jax.experimental.hijax import HiPrim


class Mul(HiPrim):
    def __init__(self, x_aval, y_aval):
        self.in_avals = (x_aval, y_aval)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x, y):
        return x * y

    def vjp_fwd(self, nzs_in, x, y):
        return x * y, (x, y)

    def vjp_bwd_retval(self, res, g):
        x, y = res
        return (g * y, None)


def mul(x, y):
    return Mul(jax.typeof(x), jax.typeof(y))(x, y)


print(jax.grad(mul)(2.0, 3.0))
