import jax
import jax.numpy as jnp


class Recorder:
    def record(self, x):
        y = jnp.tanh(x)
        self.last = y
        return y

    def reset(self):
        self.last = jnp.zeros(3)


recorder = Recorder()
jax.jit(recorder.record)(jnp.ones(3))
recorder.reset()
print(recorder.last * 2)
