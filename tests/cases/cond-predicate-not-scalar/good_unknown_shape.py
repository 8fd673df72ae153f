import jax
import jax.numpy as jnp


def pick(flag, x):
    return jax.lax.cond(flag, lambda v: v, lambda v: -v, x)


print(pick(jnp.bool_(True), 2.0))
