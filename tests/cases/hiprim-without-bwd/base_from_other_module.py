# case: static — the base class comes from a module that is not installed; it may define the backward rule
import jax
import jax.numpy as jnp
from mylib.prims import UnaryPrimBase


class Sin(UnaryPrimBase):
    def vjp_fwd(self, nzs_in, x):
        return jnp.sin(x), x


print(jax.grad(lambda x: Sin(jax.typeof(x))(x))(0.5))
