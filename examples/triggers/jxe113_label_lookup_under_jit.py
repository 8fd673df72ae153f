"""A Python dict indexed by a traced array inside a jitted function (JXE113)."""

import jax
import jax.numpy as jnp

WEIGHTS = {0: 1.0, 1: 2.5, 2: 0.5}


@jax.jit
def weighted_loss(logits, target):
    predicted = jnp.argmax(logits)
    return WEIGHTS[predicted] * jnp.abs(logits[target])  # expect: JXE113


print(weighted_loss(jnp.array([0.1, 0.7, 0.2]), 1))
