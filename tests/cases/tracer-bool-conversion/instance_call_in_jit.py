import jax
import jax.numpy as jnp


class Threshold:
    def __init__(self, level):
        self.level = level

    def __call__(self, signal):
        if signal.mean() > self.level:  # expect: JXE070
            return signal - self.level
        return signal


cut = Threshold(0.5)


@jax.jit
def denoise(signal):
    return cut(signal) * 2.0


print(denoise(jnp.linspace(0.0, 1.0, 5)))
