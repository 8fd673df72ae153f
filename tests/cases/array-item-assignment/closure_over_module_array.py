import jax.numpy as jnp

state = jnp.zeros(3)


def reset():
    state[0] = 1.0  # expect: JXE080


reset()
print(state)
