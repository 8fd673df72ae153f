import jax
import jax.numpy as jnp


def step(count, x):
    total = x
    for _ in range(count):  # expect: JXE073
        total = total * 2.0
    return count + 1, total


print(jax.lax.scan(step, 1, jnp.arange(3.0)))
