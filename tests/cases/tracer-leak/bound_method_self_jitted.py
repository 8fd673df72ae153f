import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.steps = 0

    def loss(self, w):
        value = jnp.sum(w ** 2)
        self.last_loss = value  # expect: JXE077
        return value

    def report(self, w):
        jax.jit(self.loss)(w)
        return self.last_loss + 0.0


Trainer().report(jnp.ones(3))
