"""cond takes the predicate's value: call the predicate function."""

import jax
import jax.numpy as jnp


def is_active(state):
    return state["step"] < 3


def advance(state):
    return {"step": state["step"] + 1, "x": state["x"] * 2.0}


def hold(state):
    return state


state = {"step": jnp.int32(0), "x": jnp.float32(1.0)}
state = jax.lax.cond(is_active(state), advance, hold, state)
print(state)
