import sys

import jax.numpy as jnp


def pick(items, i):
    return items[i]


names = ["cat", "dog", "bird"]
i = jnp.array(1)
if len(sys.argv) > 100:
    i = jnp.array(1.5)
print(names[i], pick(names, jnp.array(2)))
items = names if len(sys.argv) < 100 else jnp.arange(3.0)
print(items[jnp.array(0)])
