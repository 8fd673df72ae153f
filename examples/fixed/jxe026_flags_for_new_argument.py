"""One flag per primal argument."""

import jax
import jax.numpy as jnp


def layer(x, w, b):
    return jnp.tanh(x @ w + b)


x = jnp.ones((8, 4))
w = jnp.ones((4, 2))
b = jnp.zeros(2)
out, f_vjp = jax.vjp(layer, x, w, b, saveable_args=(True, True, True))
print(out.shape)
