import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class Scaled(nn.Module):
    features: int
    gain: float = 2.0

    @nn.compact
    def __call__(self, h):
        factor = np.sqrt(self.gain / self.features)
        return nn.Dense(self.features)(h) * factor


class Stack(nn.Module):
    @nn.compact
    def __call__(self, h):
        h = nn.tanh(Scaled(8)(h))
        return Scaled(2, gain=1.0)(h)


stack = Stack()
inputs = jnp.ones((5, 3))
variables = stack.init(jax.random.key(1), inputs)
print(jax.jit(stack.apply)(variables, inputs).shape)
