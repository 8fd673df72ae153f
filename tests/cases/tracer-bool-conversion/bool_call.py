import jax
import jax.numpy as jnp


@jax.jit
def has_negative(x):
    flag = bool(jnp.any(x < 0))  # expect: JXE070
    return flag


print(has_negative(jnp.ones(3)))
