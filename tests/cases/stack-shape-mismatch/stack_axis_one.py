import jax.numpy as jnp

print(jnp.stack((jnp.zeros((2, 2)), jnp.eye(3)), axis=1))  # expect: JXE106
