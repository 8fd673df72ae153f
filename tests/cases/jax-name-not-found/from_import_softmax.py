import jax.numpy as jnp
from jax.numpy import softmax  # expect: JXE174

print(softmax(jnp.ones(3)))
