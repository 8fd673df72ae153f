import jax.numpy as jnp
import numpy as np

# The helper is kept by other code (a list of callbacks) and runs after the rebinding.
state = jnp.zeros(3)


def reset():
    state[0] = 1.0


callbacks = [reset]
state = np.zeros(3)
for callback in callbacks:
    callback()
print(state)
