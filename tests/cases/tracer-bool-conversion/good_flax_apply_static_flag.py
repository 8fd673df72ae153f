from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


class Head(nn.Module):
    width: int

    @nn.compact
    def __call__(self, inputs, deterministic):
        hidden = nn.Dense(self.width)(inputs)
        if deterministic:
            return hidden
        return hidden * 0.9


head = Head(2)
variables = head.init(jax.random.key(0), jnp.ones((1, 3)), True)


# The flag is static under jit: `__call__` receives a Python bool.
@partial(jax.jit, static_argnames="deterministic")
def predict(variables, inputs, deterministic):
    return head.apply(variables, inputs, deterministic)


print(predict(variables, jnp.ones((1, 3)), False))
