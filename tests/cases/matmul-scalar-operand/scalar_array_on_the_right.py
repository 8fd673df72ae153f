import jax.numpy as jnp

basis = jnp.ones((3, 3))
scale = jnp.float32(0.5)
print(basis @ scale)  # expect: JXE157
