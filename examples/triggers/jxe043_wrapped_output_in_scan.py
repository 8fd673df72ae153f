"""A fwd rule that wraps the output in a tuple, for a function used in a scan body (JXE043).

JAX's default custom_vjp implementation compares the fwd rule's output with the function's
only when it has traced the function first, as it does in a `jax.lax.scan` body.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clip(x):
    return jnp.tanh(x)


def soft_clip_fwd(x):
    y = jnp.tanh(x)
    return (y,), y  # expect: JXE043


def soft_clip_bwd(y, g):
    return (g * (1.0 - y * y),)


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd)


def rollout(x0):
    def step(x, _):
        x = soft_clip(2.0 * x)
        return x, x
    return jax.lax.scan(step, x0, None, length=4)[1].sum()


print(jax.grad(rollout)(0.3))
