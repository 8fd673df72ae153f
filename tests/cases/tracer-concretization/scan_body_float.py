import jax
import jax.numpy as jnp


def accumulate(total, x):
    total = total + float(x)  # expect: JXE071
    return total, total


print(jax.lax.scan(accumulate, 0.0, jnp.arange(4.0)))
