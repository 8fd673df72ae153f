import jax.numpy as jnp


def reset(buffer, index):
    buffer = buffer.at[index].set(0.0)
    return buffer


state = jnp.ones(5)
state = reset(state, 2)
print(state)
