import jax
import jax.numpy as jnp

signal = jnp.arange(10.0)


def body(i, total):
    return total + signal[i:i + 2].sum()  # expect: JXE076


print(jax.lax.fori_loop(0, 4, body, 0.0))
