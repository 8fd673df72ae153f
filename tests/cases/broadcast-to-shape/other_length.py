import jax.numpy as jnp

x = jnp.arange(3.0)
print(jnp.broadcast_to(x, (4,)))  # expect: JXE121
