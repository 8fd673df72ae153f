import flax.linen as nn
import jax
import jax.numpy as jnp


class Normalized(nn.Module):
    features: int
    eps: float = 1e-6

    @nn.compact
    def __call__(self, h):
        scale = jnp.sqrt(jnp.mean(h ** 2, axis=-1, keepdims=True))
        return nn.Dense(self.features)(h / (scale + self.eps))


class Tower(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, h):
        h = nn.relu(Normalized(self.width)(h))
        return Normalized(1, name="head")(h)


tower = Tower()
inputs = jnp.ones((4, 3))
variables = tower.init(jax.random.key(0), inputs)


@jax.jit
def predict(variables, inputs):
    return tower.apply(variables, inputs)


print(predict(variables, inputs).shape)
