"""A custom_vjp block logging a fixed key, used twice in one loss (JXE030).

Every application of the block runs its bwd rule in the same backward pass, and both log
'grad_norm': JAX raises ValueError even though the logs are never read.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_grad(x):
    return x


def clip_grad_fwd(x):
    return x, None


def clip_grad_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),), {"grad_norm": jnp.linalg.norm(g)}


clip_grad.defvjp_with_logs(clip_grad_fwd, clip_grad_bwd)


def loss(w, x):
    hidden = jnp.tanh(clip_grad(w) * x)
    return jnp.sum(clip_grad(w) * hidden)  # expect: JXE030


print(jax.grad(loss)(jnp.ones(3), jnp.arange(3.0)))
