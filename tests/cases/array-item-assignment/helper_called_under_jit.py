import jax
import jax.numpy as jnp


def set_first(v):
    v[0] = 1.0  # expect: JXE080
    return v


@jax.jit
def f(x):
    return set_first(x * 2.0)


print(f(jnp.ones(3)))
