import jax.numpy as jnp

stack = jnp.arange(24.0).reshape(2, 3, 4)
print(jnp.median(stack, axis=[0, 1]))  # expect: JXE082
