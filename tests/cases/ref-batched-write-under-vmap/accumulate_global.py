import jax
import jax.numpy as jnp

total = jax.new_ref(jnp.zeros(()))


def accumulate(x):
    y = jnp.sin(x) ** 2
    total[...] += y  # expect: JXE015
    return y


jax.vmap(accumulate)(jnp.arange(4.0))
