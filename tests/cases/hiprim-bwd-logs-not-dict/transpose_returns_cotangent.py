import jax
from jax.experimental import hijax


class Double(hijax.HiPrim):
    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x):
        return 2.0 * x

    def jvp(self, primals, tangents):
        (x,), (t,) = primals, tangents
        return self(x), self(t)

    def transpose(self, out_ct, x_acc):
        x_acc.accum(2.0 * out_ct)
        return 2.0 * out_ct  # expect: JXE060

    vjp_fwd, vjp_bwd_retval = hijax.vjp_from_jvp


def double(x):
    return Double(jax.typeof(x))(x)


print(jax.grad(double)(0.5))
