import jax
import jax.numpy as jnp


class Regressor:
    def __init__(self, rate):
        self.rate = rate

    def loss(self, weights, inputs, targets):
        residual = inputs @ weights - targets
        total = jnp.sum(residual ** 2)
        if total > 50.0:  # expect: JXE070
            total = jnp.sqrt(total)
        return total

    def update(self, weights, inputs, targets):
        grads = jax.grad(self.loss)(weights, inputs, targets)
        return weights - self.rate * grads


model = Regressor(0.01)
fit = jax.jit(model.update)
print(fit(jnp.ones(3), jnp.ones((4, 3)), jnp.zeros(4)))
