import jax
import jax.numpy as jnp


class Sensor:
    def device(self):
        return "thermometer"


weights = jax.device_put(jnp.zeros((3, 3)), jax.devices()[0])
print(weights.device, weights.devices(), Sensor().device())
