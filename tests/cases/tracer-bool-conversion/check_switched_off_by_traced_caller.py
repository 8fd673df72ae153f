import jax
import jax.numpy as jnp


class Bounds:
    def __init__(self, low, high, validate=True):
        if validate:
            if jnp.any(low > high):
                raise ValueError("low above high")
        self.low = low
        self.high = high

    def clip(self, x):
        return jnp.clip(x, self.low, self.high)


@jax.jit
def project(x, low, high):
    return Bounds(low, high, validate=False).clip(x)


Bounds(jnp.zeros(3), jnp.ones(3))  # validated eagerly, once
print(project(jnp.arange(3.0), jnp.zeros(3), jnp.ones(3)))
