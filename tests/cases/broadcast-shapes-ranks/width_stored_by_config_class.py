import jax.numpy as jnp


class Config:
    def __init__(self, hidden, layers):
        self.hidden = hidden
        self.layers = layers


config = Config(hidden=64, layers=2)
features = jnp.ones((8, config.hidden))
bias = jnp.zeros(32)
print(features + bias)  # expect: JXE102
