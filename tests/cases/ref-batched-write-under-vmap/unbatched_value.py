import jax
import jax.numpy as jnp

flag = jax.new_ref(jnp.zeros(()))


def f(x):
    flag[...] = 1.0  # expect: JXE015
    return x * 2


jax.vmap(f)(jnp.arange(3.0))
