import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def step(flag):
    state = jnp.zeros(3)
    return lax.cond(flag, lambda s: s + 1.0, lambda s: s.astype(jnp.int32), state)  # expect: JXE095


print(step(True))
