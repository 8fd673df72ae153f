import jax
import jax.numpy as jnp


def add(x, y):
    return x + y


out, f_jvp = jax.linearize(add, jnp.ones(2), jnp.ones(2), in_nzs=(True, True, False))  # expect: JXE026
print(out)
