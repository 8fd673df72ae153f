import jax.numpy as jnp
import numpy as np

# The helper reads `state` when it runs: by then the name holds a NumPy buffer again.
state = jnp.zeros(3)


def reset():
    state[0] = 1.0


state = np.zeros(3)
reset()
print(state)
