import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w))


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
out, f_vjp = jax.vjp(loss, w, x)
f_vjp.with_refs(jax.new_ref(jnp.zeros((2, 3))), jax.ad.DontWant())(jnp.ones_like(out))  # expect: JXE010
