import jax
import jax.numpy as jnp


def clear_first(row: jax.Array):
    row[0] = 0.0  # expect: JXE080
    return row


print(jax.vmap(clear_first)(jnp.ones((2, 3))))
