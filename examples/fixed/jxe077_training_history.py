"""The step returns the loss; the loop collects the returned values."""

import jax
import jax.numpy as jnp

losses = []


@jax.jit
def train_step(w, x):
    error = x @ w - 1.0
    loss = jnp.mean(error ** 2)
    grad = 2.0 * x.T @ error / x.shape[0]
    return w - 0.1 * grad, loss


w = jnp.ones(3)
x = jnp.ones((4, 3))
for _ in range(5):
    w, loss = train_step(w, x)
    losses.append(loss)
print(jnp.stack(losses))
