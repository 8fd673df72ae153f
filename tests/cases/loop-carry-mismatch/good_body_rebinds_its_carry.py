import jax.numpy as jnp
from jax import lax


def body(total, x):
    total = total + x * 0.5
    return total, total


xs = jnp.arange(4.0)
print(lax.scan(body, jnp.zeros((), dtype=jnp.float32), xs))
