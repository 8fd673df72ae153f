import jax
import jax.numpy as jnp


def body(carry, x):
    if carry["done"]:  # expect: JXE070
        return carry, x
    return carry, x * 2.0


print(jax.lax.scan(body, {"done": False, "count": 0}, jnp.ones(3)))
