import jax.numpy as jnp

state = {"w": jnp.zeros(4), "step": 0}
print(state.get("step"), len(state))
state["w"][0] = 1.0  # expect: JXE080
print(state)
