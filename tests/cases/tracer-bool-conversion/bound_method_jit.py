import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, scale):
        self.scale = scale

    def step(self, x):
        if x > 0:  # expect: JXE070
            return x * self.scale
        return x

    def run(self, x):
        return jax.jit(self.step)(x)


Trainer(2.0).run(jnp.float32(1.0))
