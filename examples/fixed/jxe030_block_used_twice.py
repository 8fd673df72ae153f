"""A custom_vjp block that logs under a name given by each caller (JXE030, fixed)."""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def clip_grad(name, x):
    return x


def clip_grad_fwd(name, x):
    return x, None


def clip_grad_bwd(name, _, g):
    return (jnp.clip(g, -1.0, 1.0),), {f"{name}/grad_norm": jnp.linalg.norm(g)}


clip_grad.defvjp_with_logs(clip_grad_fwd, clip_grad_bwd)


def loss(w, x):
    hidden = jnp.tanh(clip_grad("hidden", w) * x)
    return jnp.sum(clip_grad("output", w) * hidden)


print(jax.grad(loss)(jnp.ones(3), jnp.arange(3.0)))
_, pull = jax.vjp(loss, jnp.ones(3), jnp.arange(3.0))
print(pull.with_logs(1.0)[1])
