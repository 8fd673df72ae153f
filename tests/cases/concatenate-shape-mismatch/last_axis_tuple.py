import jax.numpy as jnp

parts = (jnp.zeros((2, 3)), jnp.ones((3, 3)))
print(jnp.concatenate(parts, axis=-1))  # expect: JXE105
