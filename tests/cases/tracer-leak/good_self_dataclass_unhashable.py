# case: static — a dataclass is unhashable: jax.jit rejects it as a static argument before the body runs
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass
class Layer:
    scale: float
    last: object = None

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        y = jnp.tanh(x) * self.scale
        self.last = y
        return y


layer = Layer(2.0)
layer.apply(jnp.ones(3))
print(layer.last.sum())
