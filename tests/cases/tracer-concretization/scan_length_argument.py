import jax
import jax.numpy as jnp


def rollout(state, horizon):
    def advance(carry, _):
        return carry * 0.9, carry

    return jax.lax.scan(advance, state, None, length=horizon)  # expect: JXE071


print(jax.jit(rollout)(jnp.ones(2), 5))
