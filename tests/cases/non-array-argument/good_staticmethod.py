import jax
import jax.numpy as jnp


class Ops:
    @staticmethod
    @jax.jit
    def double(x):
        return 2 * x

    @jax.jit
    def triple(x):  # no self: used through the class as a namespace
        return 3 * x


print(Ops.double(jnp.ones(2)), Ops.triple(jnp.ones(2)))
