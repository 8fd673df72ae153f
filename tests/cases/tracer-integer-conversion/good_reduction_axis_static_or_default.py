from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def standardize(inputs, axis=(0,), eps=1e-6):
    mean = jnp.mean(inputs, axis=axis, keepdims=True)
    return (inputs - mean) / (inputs.std() + eps)


@partial(jax.jit, static_argnames="axis")
def centre(inputs, axis):
    return inputs - inputs.mean(axis, keepdims=True)


class Pipeline:
    def __init__(self, per_column=True):
        self.axis = (0,) if per_column else (1,)

    def __call__(self, batch):
        return centre(batch, axis=self.axis)


print(standardize(jnp.ones((8, 4))), Pipeline()(jnp.ones((8, 4))))
