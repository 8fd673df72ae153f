"""A gradient ref bound for the Ref argument before the VJP function is applied."""

import jax
import jax.numpy as jnp


def loss(w_ref, x):
    return jnp.sum(jnp.sin(x * w_ref[...]))


w_ref = jax.new_ref(jnp.ones(3))
x = jnp.linspace(0.0, 1.0, 3)
out, f_vjp = jax.vjp(loss, w_ref, x)
w_grad = jax.new_ref(jnp.zeros_like(w_ref))
_, x_ct = f_vjp.with_refs(w_grad, jax.ad.GradValue())(jnp.ones_like(out))
print(w_grad[...], x_ct)
