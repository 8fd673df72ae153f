import jax.numpy as jnp

x = jnp.ones(3)
print(jnp.dot(x, [1.0, 2.0, 3.0]))  # expect: JXE097
