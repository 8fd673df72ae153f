import jax
import jax.numpy as jnp


def step(x, flag):
    scale = jnp.ones((3, 3))
    branch = lambda: scale.sum()  # runs after the rebinding below: a scalar then too
    scale = jnp.ones(())
    return jax.lax.cond(flag, branch, lambda: scale)


print(step(jnp.ones(3), True))
