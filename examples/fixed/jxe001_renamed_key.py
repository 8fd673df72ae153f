"""Gradient buffers built from the parameters themselves, so the keys always agree."""

import jax
import jax.numpy as jnp

params = {"kernel": jnp.eye(3), "bias": jnp.ones(3)}
inputs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)

grad_buffers = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params)


def objective(params, inputs):
    return jnp.sum(jnp.sin(inputs @ params["kernel"] + params["bias"]))


value, pullback = jax.vjp(objective, params, inputs)
pullback.with_refs(grad_buffers, jax.ad.DontWant())(1.0)
print(jax.tree.map(lambda r: r[...], grad_buffers))
