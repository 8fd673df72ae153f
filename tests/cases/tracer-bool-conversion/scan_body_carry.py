import jax
import jax.numpy as jnp


def step(carry, x):
    if carry["total"] > 10.0:  # expect: JXE070
        return carry, x
    return {"total": carry["total"] + x}, x


print(jax.lax.scan(step, {"total": 0.0}, jnp.arange(8.0)))
