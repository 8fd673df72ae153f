"""A Python dict indexed by a traced array inside a jitted function (JXE113): fixed with an
array of the weights, indexed by the traced value."""

import jax
import jax.numpy as jnp

WEIGHTS = jnp.array([1.0, 2.5, 0.5])


@jax.jit
def weighted_loss(logits, target):
    predicted = jnp.argmax(logits)
    return WEIGHTS[predicted] * jnp.abs(logits[target])


print(weighted_loss(jnp.array([0.1, 0.7, 0.2]), 1))
