import jax
import jax.numpy as jnp


def body(i, state):
    return {1: state[1] + i, "sum": state["sum"] + 1.0}


print(jax.lax.fori_loop(0, 4, body, {1: jnp.zeros(()), "sum": 0.0}))  # expect: JXE146
