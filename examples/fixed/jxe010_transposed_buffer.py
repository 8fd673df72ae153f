"""Gradient buffers made from the parameters themselves, so their types match."""

import jax
import jax.numpy as jnp


def predict(w, b, x):
    return jnp.tanh(x @ w + b)


w = jnp.ones((3, 2))
b = jnp.zeros(2)
x = jnp.ones((5, 3))
y, f_vjp = jax.vjp(predict, w, b, x)
w_grad = jax.new_ref(jnp.zeros_like(w))
b_grad = jax.new_ref(jnp.zeros_like(b))
f_vjp.with_refs(w_grad, b_grad, jax.ad.DontWant())(jnp.ones_like(y))
print(w_grad[...], b_grad[...])
