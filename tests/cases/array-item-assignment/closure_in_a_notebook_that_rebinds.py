import jax.numpy as jnp
import numpy as np

# A notebook: `state` is a NumPy buffer in the first cell, a JAX array in the next one.
state = np.zeros(3)
state[0] = 1.0
print(state)

state = jnp.zeros(3)


def reset():
    state[0] = 1.0  # expect: JXE080


reset()
print(state)

state = np.ones(3)  # a later cell: after the last call of reset()
