import jax.numpy as jnp
from jax import lax


class Accumulator:
    def body(self, carry, x):
        if carry > 0:  # expect: JXE070
            carry = carry + x
        return carry, x

    def run(self, xs):
        return lax.scan(self.body, 0.0, xs)


Accumulator().run(jnp.ones(3))
