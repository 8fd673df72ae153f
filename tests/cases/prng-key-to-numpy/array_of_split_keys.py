import jax
import numpy as onp

keys = jax.random.split(jax.random.key(1), 4)
print(onp.array(keys, dtype=onp.uint32))  # expect: JXE132
