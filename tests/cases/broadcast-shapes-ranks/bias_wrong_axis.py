import jax.numpy as jnp

x = jnp.ones((2, 3))
b = jnp.arange(2.0)
print(x + b)  # expect: JXE102
