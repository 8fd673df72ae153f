"""lax.cond given the predicate function instead of its value (JXE147)."""

import jax
import jax.numpy as jnp


def is_active(state):
    return state["step"] < 3


def advance(state):
    return {"step": state["step"] + 1, "x": state["x"] * 2.0}


def hold(state):
    return state


state = {"step": jnp.int32(0), "x": jnp.float32(1.0)}
state = jax.lax.cond(is_active, advance, hold, state)  # expect: JXE147
print(state)
