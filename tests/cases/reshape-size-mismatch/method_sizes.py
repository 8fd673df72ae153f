import jax.numpy as jnp

x = jnp.arange(6.0)
print(x.reshape(4, 2))  # expect: JXE104
