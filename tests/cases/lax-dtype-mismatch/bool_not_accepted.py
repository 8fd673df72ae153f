# case: static — lax.add does not accept bool at all: JAX's message is another one
import jax.numpy as jnp
from jax import lax

print(lax.add(jnp.ones(3), True))
