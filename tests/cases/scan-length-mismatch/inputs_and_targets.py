import jax
import jax.numpy as jnp


def step(total, pair):
    x, y = pair
    return total + x * y, x - y


inputs = jnp.arange(100.0)
targets = jnp.ones(99)
print(jax.lax.scan(step, 0.0, (inputs, targets)))  # expect: JXE122
