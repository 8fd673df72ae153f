import jax
import jax.numpy as jnp
from jax import lax


def body(i, carry):
    return carry * 2.0


@jax.jit
def repeat(n):
    return lax.fori_loop(0, n, body, jnp.zeros(3, jnp.int32))  # expect: JXE096


print(repeat(3))
