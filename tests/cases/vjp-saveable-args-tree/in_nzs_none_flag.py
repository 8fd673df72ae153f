import jax
import jax.numpy as jnp


def add(x, y):
    return x + y


out, f_vjp = jax.vjp(add, jnp.ones(2), jnp.ones(2), in_nzs=(True, None))  # expect: JXE026
print(out)
