import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def loss(self, w, x):
        return (x @ w) ** 2

    def step(self, w, x):
        g = jax.grad(self.loss)(w, x)  # expect: JXE091
        return w - self.lr * g


trainer = Trainer(0.1)
w = trainer.step(jnp.ones(3), jnp.ones((2, 3)))
