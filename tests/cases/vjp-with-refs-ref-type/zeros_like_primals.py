import jax
import jax.numpy as jnp


def loss(w, b, x):
    return jnp.sum(jnp.tanh(x @ w + b))


w = jnp.ones((3, 2))
b = jnp.zeros(2)
x = jnp.ones((4, 3))
out, f_vjp = jax.vjp(loss, w, b, x)
w_grad = jax.new_ref(jnp.zeros_like(w))
b_grad = jax.new_ref(jnp.zeros((2,)))
f_vjp.with_refs(w_grad, b_grad, jax.ad.DontWant())(jnp.ones_like(out))
print(w_grad[...], b_grad[...])
