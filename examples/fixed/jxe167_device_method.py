import jax
import jax.numpy as jnp

frames = jax.device_put(jnp.ones((2, 2)), jax.devices()[0])
print(frames.device)
