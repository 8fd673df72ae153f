import jax.numpy as jnp

from pkg.train import step

print(step(jnp.ones(3)))
