import jax.numpy as jnp
from jax import random

key = random.key(5)
print(jnp.add(key, 0.5))  # expect: JXE129
