import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, n):
        self.w = jnp.ones((n,))

    def loss(self, w, x, y):
        return (w @ x - y) ** 2


model = Linear(3)
print(jax.grad(model.loss)(model.w, jnp.ones(3), 1.0))
