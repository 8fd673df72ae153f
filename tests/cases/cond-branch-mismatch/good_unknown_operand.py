# case: static — the operand is a parameter: its dtype and shape are not in the file
import jax.numpy as jnp
from jax import lax


def pick(flag, x):
    return lax.cond(flag, lambda v: v, lambda v: jnp.zeros(3), x)
