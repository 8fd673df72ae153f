import jax
import jax.numpy as jnp


def update(params, velocity):
    velocity = 0.9 * velocity + params
    return params - 0.1 * velocity, velocity


zeros = jnp.zeros(3)
step = jax.jit(update, donate_argnums=(0, 1))
print(step(zeros, zeros))  # expect: JXE140
