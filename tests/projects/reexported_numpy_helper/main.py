import jax
import jax.numpy as jnp

from pkg import hinge

loss = jax.jit(lambda margin: hinge(margin).sum())
print(loss(jnp.linspace(-1.0, 2.0, 4)))
