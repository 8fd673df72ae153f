import jax.numpy as jnp


class Config:
    def __init__(self, hidden, layers):
        self.hidden = hidden
        self.layers = layers

    def widen(self):
        self.hidden *= 2


config = Config(hidden=16, layers=2)
config.widen()
features = jnp.ones((8, config.hidden))
bias = jnp.zeros(32)
print((features + bias).shape)

other = Config(32, 1)
print((jnp.ones((8, other.hidden)) + jnp.zeros(other.hidden)).shape)
