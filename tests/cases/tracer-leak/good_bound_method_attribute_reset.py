import jax
import jax.numpy as jnp


class Tracker:
    def __init__(self):
        self.latest = None

    def observe(self, x):
        self.latest = jnp.tanh(x)
        return x.mean()


tracker = Tracker()
observe = jax.jit(tracker.observe)
observe(jnp.ones(4))
tracker.latest = jnp.zeros(4)
print(tracker.latest * 2)
