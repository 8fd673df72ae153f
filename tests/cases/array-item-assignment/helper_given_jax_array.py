import jax.numpy as jnp


def reset(buffer, index):
    buffer[index] = 0.0  # expect: JXE080
    return buffer


state = jnp.ones(5)
state = reset(state, 2)
print(state)
