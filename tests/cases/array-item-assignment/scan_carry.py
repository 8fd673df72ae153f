import jax
import jax.numpy as jnp


def step(carry, x):
    total = carry - x
    total[0] = 0.0  # expect: JXE080
    return total, x


print(jax.lax.scan(step, jnp.zeros(2), jnp.ones((3, 2))))
