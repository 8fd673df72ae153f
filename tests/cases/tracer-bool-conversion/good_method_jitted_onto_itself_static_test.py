import jax
import jax.numpy as jnp


class Controller:
    def __init__(self, gain):
        self.gain = gain
        self.act = jax.jit(self.act)

    def act(self, error):
        if error.ndim > 0:
            return self.gain * error
        return 0.0 * error


controller = Controller(0.5)
print(controller.act(jnp.float32(1.0)))
