import jax.numpy as jnp

x = jnp.ones((2, 3))
print(jnp.reshape(x, [5]))  # expect: JXE104
