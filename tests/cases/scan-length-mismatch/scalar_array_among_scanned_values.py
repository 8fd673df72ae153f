import jax.numpy as jnp
from jax import lax

rates = jnp.array([0.1, 0.2, 0.15, 0.05])
decay = jnp.float32(0.9)


def accumulate(total, inputs):
    rate, factor = inputs
    total = total * factor + rate
    return total, total


print(lax.scan(accumulate, 0.0, (rates, decay)))  # expect: JXE122
