import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(6)(x)
        x = nn.BatchNorm()(x, use_running_average=not train)
        return nn.relu(x)


def evaluate(model, variables, batch, train):
    return model.apply(variables, batch, train=train)


net = Net()
variables = net.init(jax.random.key(0), jnp.ones((4, 3)))
print(evaluate(net, variables, jnp.ones((4, 3)), False).shape)
