import jax
import jax.numpy as jnp


def update(state):
    return state * 0.5


update_jit = jax.jit(update, donate_argnums=(0,))
state = jnp.zeros((4, 2))
first = update_jit(state)
second = update_jit(state)  # expect: JXE139
