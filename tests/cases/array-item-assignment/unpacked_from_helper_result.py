import jax.numpy as jnp


def init_state(n):
    return jnp.zeros(n), jnp.ones((n, n))


bias, weights = init_state(3)
weights[0, 0] = 2.0  # expect: JXE080
print(bias, weights)
