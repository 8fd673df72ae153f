import jax.numpy as jnp
from jax import lax

branches = [lambda v: v, lambda v: -v]
labels = jnp.array([0, 1, 1])
print(lax.switch(labels, branches, jnp.ones(3)))  # expect: JXE173
