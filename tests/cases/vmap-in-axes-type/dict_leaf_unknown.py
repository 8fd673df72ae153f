import sys

import jax
import jax.numpy as jnp

axis = len(sys.argv) - 1
g = jax.vmap(lambda p: p["w"], in_axes={"w": axis})  # expect: JXE093
print(g({"w": jnp.ones(3)}))
