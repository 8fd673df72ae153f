from jax import vmap
import jax.numpy as jnp

print(vmap(jnp.cos, in_axes=True)(jnp.ones(3)))  # expect: JXE093
