import jax as J
import jax.numpy as jnp


class Layer(object):
    pass


class Dense(Layer):
    def __init__(self, n):
        self.w = jnp.eye(n)

    @J.jit  # expect: JXE081
    def __call__(self, x):
        return self.w @ x


layer = Dense(2)
print(layer(jnp.ones(2)))
