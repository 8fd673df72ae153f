from functools import partial

import jax
import jax.numpy as jnp


def loss(w, clip):
    if clip:
        return jnp.sum(jnp.clip(w, -1.0, 1.0) ** 2)
    return jnp.sum(w ** 2)


@partial(jax.jit, static_argnames="clip")
def step(w, clip):
    # `clip` is static under jit: it reaches `loss` as a Python bool.
    return w - 0.1 * jax.grad(loss)(w, clip)


print(step(jnp.ones(3), True))
