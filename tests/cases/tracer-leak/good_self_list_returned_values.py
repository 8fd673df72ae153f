from functools import partial

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.losses = []

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        loss = jnp.sum(x ** 2)
        return x - 0.1 * x, loss

    def fit(self, x):
        x, loss = self.step(x)
        self.losses.append(loss)  # outside the trace: a concrete array
        return x


trainer = Trainer()
trainer.fit(jnp.ones(3))
print(jnp.mean(jnp.stack(trainer.losses)))
