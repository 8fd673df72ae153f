from functools import partial

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.losses = []
        self.shapes = []

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        loss = jnp.sum(x ** 2)
        self.losses.append(loss)  # the tracer leaks, but nothing computes with it
        self.shapes.append(x.shape)  # a static value: no tracer
        return x - 0.1 * x


trainer = Trainer()
x = trainer.step(jnp.ones(3))
print(len(trainer.losses), sum(len(s) for s in trainer.shapes))
print(jnp.array(trainer.shapes))
