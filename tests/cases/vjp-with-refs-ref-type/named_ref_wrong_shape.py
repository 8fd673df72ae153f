import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w))


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
out, f_vjp = jax.vjp(loss, w, x)
w_grad = jax.new_ref(jnp.zeros((2, 3)))
f_vjp.with_refs(w_grad, jax.ad.DontWant())(jnp.ones_like(out))  # expect: JXE010
print(w_grad[...])
