import jax
import jax.numpy as jnp


class Params:
    def __init__(self, w, b):
        self.w = w
        self.b = b


def loss(params, x):
    return jnp.sum((x * params.w + params.b) ** 2)


params = Params(jnp.float32(2.0), jnp.float32(1.0))
print(jax.grad(loss)(params, jnp.arange(3.0)))  # expect: JXE142
