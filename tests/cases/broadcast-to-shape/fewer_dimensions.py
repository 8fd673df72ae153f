import jax.numpy as jnp

volume = jnp.zeros((3, 4, 5))
print(jnp.broadcast_to(volume, (4, 5)))  # expect: JXE121
