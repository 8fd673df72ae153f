from functools import partial

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.losses = []

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        loss = jnp.sum(x ** 2)
        self.losses.append(loss)  # expect: JXE077
        return x - 0.1 * x


trainer = Trainer()
x = trainer.step(jnp.ones(3))
print(jnp.mean(jnp.stack(trainer.losses)))
