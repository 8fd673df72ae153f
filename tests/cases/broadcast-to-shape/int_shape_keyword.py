import jax.numpy as jnp

bias = jnp.arange(4)
print(jnp.broadcast_to(bias, shape=6))  # expect: JXE121
