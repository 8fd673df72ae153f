import jax
import jax.numpy as jnp


def step(carry, width):
    return carry, jnp.empty(width)  # expect: JXE072


print(jax.lax.scan(step, 0.0, jnp.arange(1, 4)))
