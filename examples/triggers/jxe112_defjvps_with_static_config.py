"""`defjvps` on a custom_jvp function with a non-differentiable argument (JXE112)."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def soft_clip(x, limit):
    return limit * jnp.tanh(x / limit)


soft_clip.defjvps(lambda t, out, x, limit: t * (1 - jnp.tanh(x / limit) ** 2))  # expect: JXE112
print(jax.grad(soft_clip)(0.5, 2.0))
