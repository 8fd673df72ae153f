import jax.numpy as jnp

a = jnp.zeros((2, 3))
b = jnp.ones((2, 4))
print(jnp.concatenate([a, b]))  # expect: JXE105
