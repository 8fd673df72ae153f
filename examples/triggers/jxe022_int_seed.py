"""Seeding the reverse pass with the integer 1 (JXE022).

`1` is an int32 scalar; the output is a float32 scalar, whose cotangent must be float32.
"""

import jax
import jax.numpy as jnp


def mse(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


w = jnp.zeros(3)
x = jnp.ones((5, 3))
y = jnp.ones(5)
loss, f_vjp = jax.vjp(mse, w, x, y)
w_bar, _, _ = f_vjp(1)  # expect: JXE022
print(w_bar)
