"""Accumulating gradients into refs: the refs mirror the parameter dict."""

import jax
import jax.numpy as jnp

key_w, key_x = jax.random.split(jax.random.key(0))
params = {
    "w": jax.random.normal(key_w, (3, 2)),
    "b": jnp.zeros(2),
}
x = jax.random.normal(key_x, (8, 3))
y = jnp.ones((8, 2))


def loss(params, x, y):
    pred = jnp.tanh(x @ params["w"] + params["b"])
    return jnp.mean((pred - y) ** 2)


w_grad = jax.new_ref(jnp.zeros((3, 2)))
b_grad = jax.new_ref(jnp.zeros(2))

out, f_vjp = jax.vjp(loss, params, x, y)
f_vjp.with_refs({"w": w_grad, "b": b_grad}, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(out))
print(w_grad[...], b_grad[...])
