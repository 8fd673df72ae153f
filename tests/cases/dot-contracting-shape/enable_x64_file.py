import jax
import jax.numpy as jnp

# 64-bit types change the dtypes, never the shapes: the contracting sizes still differ.
jax.config.update("jax_enable_x64", True)
print(jnp.ones((2, 3)) @ jnp.ones((4, 5)))  # expect: JXE103
