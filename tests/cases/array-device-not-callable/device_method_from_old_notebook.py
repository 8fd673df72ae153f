import jax
import jax.numpy as jnp

weights = jax.device_put(jnp.zeros((3, 3)), jax.devices()[0])
print("weights live on", weights.device())  # expect: JXE167
