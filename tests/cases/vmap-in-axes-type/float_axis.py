import jax
import jax.numpy as jnp

AXIS = 0.0
print(jax.vmap(jnp.sin, in_axes=AXIS)(jnp.ones(3)))  # expect: JXE093
