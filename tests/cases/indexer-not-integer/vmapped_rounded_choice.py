import sys

import jax
import jax.numpy as jnp

TABLE = jnp.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])


def lookup(choice):
    return TABLE[choice] * 2.0  # expect: JXE123


def choices(key, count):
    return jnp.round(jax.random.uniform(key, (count,)) * 2)


picks = choices(jax.random.key(0), len(sys.argv) + 4)
print(jax.vmap(lookup)(picks))
