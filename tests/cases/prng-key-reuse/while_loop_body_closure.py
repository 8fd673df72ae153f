import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(7)


def body(state):
    i, x = state
    return i + 1, x + jax.random.uniform(key, (2,))  # expect: JXE099


print(lax.while_loop(lambda s: s[0] < 3, body, (0, jnp.zeros(2))))
