import jax.numpy as jnp

x = jnp.array([1.0, -2.0])
print(jnp.where(x > 0, [1.0, 1.0], x))  # expect: JXE097
