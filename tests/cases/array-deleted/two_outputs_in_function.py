import jax
import jax.numpy as jnp


def update(params, velocity):
    velocity = 0.9 * velocity + params
    return params - 0.1 * velocity, velocity


step = jax.jit(update, donate_argnums=(0, 1))


def train():
    params = jnp.ones(5)
    velocity = jnp.zeros(5)
    new_params, new_velocity = step(params, velocity)
    print("moved by", new_params - 1.0, "from", params)  # expect: JXE139
    return new_velocity


train()
