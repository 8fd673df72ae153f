import jax.numpy as jnp

x = jnp.ones((2, 3))
print(x * x.T)  # expect: JXE101
