import jax.numpy as jnp
from jax import lax


def body(state):
    i, a, b, c = state
    return i + 1, a * 0.5, b > 0, c + jnp.ones(3)


init = (0, jnp.int32(4), jnp.zeros(2), jnp.float32(1.0))
print(lax.while_loop(lambda s: s[0] < 3, body, init))  # expect: JXE096
