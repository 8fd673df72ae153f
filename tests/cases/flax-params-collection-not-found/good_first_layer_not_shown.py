import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)


class Model(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.norm = nn.BatchNorm(use_running_average=True)

    def __call__(self, x):
        return self.norm(self.encoder(x))


class Stacked(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = Encoder()(x)  # a submodule of the file runs first: not followed
        return nn.BatchNorm(use_running_average=True)(x)


model = Model()
variables = model.init(jax.random.key(0), jnp.ones((2, 3)))
print(model.apply(variables, jnp.ones((2, 3))).shape)
stacked = Stacked()
variables = stacked.init(jax.random.key(0), jnp.ones((2, 3)))
print(stacked.apply(variables, jnp.ones((2, 3))).shape)


def evaluate(state_params, x):
    # Where the parameters come from is not shown here: left to the run.
    return stacked.apply(state_params, x)


print(evaluate(variables, jnp.ones((2, 3))).shape)
