import jax.numpy as jnp

x = jnp.arange(5.0)
print(jnp.take(x, [0, 2]))  # expect: JXE097
