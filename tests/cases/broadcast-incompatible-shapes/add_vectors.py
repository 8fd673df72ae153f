import jax.numpy as jnp

x = jnp.ones(3)
y = jnp.arange(4.0)
print(x + y)  # expect: JXE101
