import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, values):
        scaled = values @ self.factor
        if scaled.sum() < 0:  # expect: JXE070
            return -scaled
        return scaled


scaler = Scaler(jnp.eye(2))
fast = jax.jit(scaler.apply)
print(fast(jnp.array([1.0, -3.0])))
