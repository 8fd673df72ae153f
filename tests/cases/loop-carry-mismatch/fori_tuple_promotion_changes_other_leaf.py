import jax.numpy as jnp
from jax import lax


def body(i, carry):
    n, m = carry
    return n + 0.5, m + n


# 0 becomes float32 after the first trace; then m + n is float32 too, unlike m.
print(lax.fori_loop(0, 3, body, (0, jnp.int32(0))))  # expect: JXE096
