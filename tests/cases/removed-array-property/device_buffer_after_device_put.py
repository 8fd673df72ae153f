import jax
import jax.numpy as jnp

table = jax.device_put(jnp.ones((4, 4)))
first = table.device_buffer  # expect: JXE161
print(first.shape)
