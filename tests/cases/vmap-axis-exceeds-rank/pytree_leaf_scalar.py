import jax
import jax.numpy as jnp


def step(state):
    return state["w"] * state["step"]


state = {"w": jnp.ones((5, 2)), "step": 3}
print(jax.vmap(step)(state))  # expect: JXE118
