import jax
import jax.numpy as jnp


@jax.jit
def update(state):
    state["step"] = state["step"] + 1
    return state


print(update({"step": jnp.zeros(())}))
