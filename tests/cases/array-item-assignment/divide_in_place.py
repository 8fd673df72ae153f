import jax.numpy as jnp

x = jnp.arange(4.0)
x[1] /= 2  # expect: JXE080
print(x)
