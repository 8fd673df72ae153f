"""A clipped-gradient op that logs its statistics as a list (JXE002)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, threshold):
    return x


def clip_gradient_fwd(x, threshold):
    return x, threshold


def clip_gradient_bwd(threshold, g):
    clipped = jnp.clip(g, -threshold, threshold)
    stats = [jnp.max(jnp.abs(g)), jnp.mean(jnp.abs(g - clipped))]
    return (clipped, None), stats  # expect: JXE002


clip_gradient.defvjp_with_logs(clip_gradient_fwd, clip_gradient_bwd)


def loss(w):
    return jnp.sum(clip_gradient(w, 0.5) ** 3)


print(jax.grad(loss)(jnp.array([0.1, 1.0, -2.0])))
