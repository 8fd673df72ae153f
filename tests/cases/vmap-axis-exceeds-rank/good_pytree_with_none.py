import jax
import jax.numpy as jnp


def step(state):
    return state["w"] * state["step"]


state = {"w": jnp.ones((5, 2)), "step": 3}
print(jax.vmap(step, in_axes=({"w": 0, "step": None},))(state))
pair = (jnp.ones(4), None)
print(jax.vmap(lambda p: p[0])(pair))
