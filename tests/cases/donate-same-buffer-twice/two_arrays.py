import jax
import jax.numpy as jnp


def update(params, velocity):
    velocity = 0.9 * velocity + params
    return params - 0.1 * velocity, velocity


step = jax.jit(update, donate_argnums=(0, 1))
print(step(jnp.zeros(3), jnp.zeros(3)))
