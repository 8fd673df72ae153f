import jax
import jax.numpy as jnp

scales = [1.0, 2.0, 3.0]


def body(i, x):
    return x * scales[i]  # expect: JXE073


print(jax.lax.fori_loop(0, 3, body, jnp.ones(2)))
