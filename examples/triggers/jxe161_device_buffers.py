import jax
import jax.numpy as jnp

weights = jax.device_put(jnp.ones((2, 2)))
for buffer in weights.device_buffers:  # expect: JXE161
    print(buffer.device)
