import jax
import jax.numpy as jnp


class Recorder:
    def __init__(self):
        object.__setattr__(self, "last", jnp.zeros(3))

    def __setattr__(self, name, value):
        if not isinstance(value, jax.core.Tracer):  # keeps concrete values only
            object.__setattr__(self, name, value)

    def record(self, x):
        y = jnp.tanh(x)
        self.last = y
        return y


recorder = Recorder()
jax.jit(recorder.record)(jnp.ones(3))
print(recorder.last * 2)
