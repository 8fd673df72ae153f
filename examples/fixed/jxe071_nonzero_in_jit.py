"""A static size (the number of scores) bounds the result; missing positions are padded."""

import jax
import jax.numpy as jnp


@jax.jit
def positive_positions(scores):
    (idx,) = jnp.nonzero(scores > 0, size=scores.shape[0], fill_value=-1)
    return idx


print(positive_positions(jnp.array([0.5, -1.0, 2.0, -3.0])))
