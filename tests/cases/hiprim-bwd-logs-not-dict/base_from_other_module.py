# case: static — the base class comes from a module that is not installed; it may redefine the backward pass
import jax.numpy as jnp
from mylib.prims import MyPrimBase


class Sin(MyPrimBase):
    def vjp_bwd(self, x, g, x_acc):
        return g * jnp.cos(x)
