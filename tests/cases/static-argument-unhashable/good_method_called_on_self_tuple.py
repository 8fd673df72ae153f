from functools import partial

import jax
import jax.numpy as jnp


class Upsampler:
    def __init__(self, method):
        self.method = method

    @partial(jax.jit, static_argnames=("self", "shape"))
    def resize(self, image, shape):
        return jax.image.resize(image, shape, method=self.method)

    def double(self, image, scales):
        h, w = image.shape
        return self.resize(image, (2 * h, 2 * w)), self.resize(scales, shape=(2,))


print(Upsampler("linear").double(jnp.ones((2, 2)), jnp.ones(1))[0].shape)
