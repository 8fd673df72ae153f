# case: static — the base class comes from a module that is not installed; it may call the rule differently
import jax.numpy as jnp
from mylib.prims import MyPrimBase


class Sin(MyPrimBase):
    def vjp_bwd_retval(self, x, g):
        return g * jnp.cos(x)
