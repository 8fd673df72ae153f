import jax
import jax.numpy as jnp
import flax.linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, features):
        features = features.reshape((features.shape[0], -1))
        return nn.Dense(1)(nn.relu(nn.Dense(32)(features)))


model = Regressor()
# Different batch sizes, the same features; and an input flattened before the first layer.
variables = model.init(jax.random.key(0), jnp.zeros((1, 6)))
print(model.apply(variables, jnp.ones((16, 6))).shape)
print(model.apply(variables, jnp.ones((16, 2, 3))).shape)

layer = nn.Dense(4)
params = layer.init(jax.random.key(0), jnp.ones((2, 3)))["params"]
print(layer.apply({"params": params}, jnp.ones((7, 3))).shape)
# Parameters made by another model's init are not these: left to the run.
other = nn.Dense(4)
params = other.init(jax.random.key(1), jnp.ones((2, 5)))["params"]
print(layer.apply({"params": params}, jnp.ones((7, 5))).shape)
