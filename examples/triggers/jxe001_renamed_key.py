"""Gradient buffers keyed by an old parameter name (JXE001).

The parameter was renamed from "weight" to "kernel"; the buffers were not. Same number of
entries, so JAX reports that the dict's pytree metadata (its sorted keys) does not match.
"""

import jax
import jax.numpy as jnp

params = {"kernel": jnp.eye(3), "bias": jnp.ones(3)}
inputs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)

grad_buffers = {
    "weight": jax.new_ref(jnp.zeros((3, 3))),
    "bias": jax.new_ref(jnp.zeros(3)),
}


def objective(params, inputs):
    return jnp.sum(jnp.sin(inputs @ params["kernel"] + params["bias"]))


value, pullback = jax.vjp(objective, params, inputs)
pullback.with_refs(grad_buffers, jax.ad.DontWant())(1.0)  # expect: JXE001
