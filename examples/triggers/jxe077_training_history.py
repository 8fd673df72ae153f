"""Losses collected in a module-level list inside a jitted training step (JXE077).

The list holds tracers of the jit trace; stacking them after the loop raises.
"""

import jax
import jax.numpy as jnp

losses = []


@jax.jit
def train_step(w, x):
    error = x @ w - 1.0
    loss = jnp.mean(error ** 2)
    grad = 2.0 * x.T @ error / x.shape[0]
    losses.append(loss)  # expect: JXE077
    return w - 0.1 * grad


w = jnp.ones(3)
x = jnp.ones((4, 3))
for _ in range(5):
    w = train_step(w, x)
print(jnp.stack(losses))
