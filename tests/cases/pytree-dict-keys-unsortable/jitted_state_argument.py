import jax
import jax.numpy as jnp


@jax.jit
def step(state):
    return jax.tree.map(lambda x: x * 2, state)


state = {0: jnp.ones(2), 1: jnp.ones(2), "count": jnp.array(0)}
print(step(state))  # expect: JXE146
