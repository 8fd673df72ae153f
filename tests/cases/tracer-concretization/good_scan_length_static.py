from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="horizon")
def rollout(state, horizon):
    def advance(carry, _):
        return carry * 0.9, carry

    # `horizon` is static, and a length from a shape is known while tracing.
    first, _ = jax.lax.scan(advance, state, None, length=horizon)
    second, _ = jax.lax.scan(advance, first, None, length=state.shape[0])
    return second


print(rollout(jnp.ones(2), 5))
