import jax
import jax.numpy as jnp


class Recorder:
    def __init__(self):
        self.last = jnp.zeros(3)

    def record(self, x):
        y = jnp.tanh(x)
        self.last = y
        return y


traced, plain = Recorder(), Recorder()
jax.jit(traced.record)(jnp.ones(3))
print(plain.last * 2)
