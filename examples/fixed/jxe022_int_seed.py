"""The cotangent is built from the output: same shape, same dtype."""

import jax
import jax.numpy as jnp


def mse(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


w = jnp.zeros(3)
x = jnp.ones((5, 3))
y = jnp.ones(5)
loss, f_vjp = jax.vjp(mse, w, x, y)
w_bar, _, _ = f_vjp(jnp.ones_like(loss))
print(w_bar)
