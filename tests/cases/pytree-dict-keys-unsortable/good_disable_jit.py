import jax
import jax.numpy as jnp


@jax.jit
def total(state):
    return state[0] + state["aux"]


with jax.disable_jit():
    # jit is off: the function runs as plain Python and nothing is flattened.
    print(total({0: jnp.zeros(2), "aux": jnp.ones(2)}))
