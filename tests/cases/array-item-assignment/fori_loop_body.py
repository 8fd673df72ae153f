import jax
import jax.numpy as jnp


def body(i, carry):
    scratch = jnp.zeros(3)
    scratch[i] = carry  # expect: JXE080
    return carry + scratch.sum()


print(jax.lax.fori_loop(0, 3, body, 0.0))
