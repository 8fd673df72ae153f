import jax
import jax.numpy as jnp
import flax.linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, features):
        hidden = nn.relu(nn.Dense(32)(features))
        return nn.Dense(1)(hidden)


model = Regressor()
variables = model.init(jax.random.key(0), jnp.zeros((1, 3)))  # the data has 5 columns
batch = jnp.ones((16, 5))
predictions = model.apply(variables, batch)  # expect: JXE153
print(predictions.shape)
