import jax.numpy as jnp


class Layer:
    """A class of its own with a method named like HiPrim's: not a primitive."""

    def vjp_bwd(self, x, g, acc):
        return g * jnp.cos(x)

    def transpose(self, out_ct, acc):
        return 2.0 * out_ct


print(Layer().vjp_bwd(jnp.float32(0.5), 1.0, None))
