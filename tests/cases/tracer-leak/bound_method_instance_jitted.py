import jax
import jax.numpy as jnp


class Recorder:
    def record(self, x):
        y = jnp.tanh(x)
        self.last = y  # expect: JXE077
        return y


recorder = Recorder()
forward = jax.jit(recorder.record)
forward(jnp.ones(3))
print(recorder.last * 2)
