import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(6)(x)
        x = nn.BatchNorm(use_running_average=not train, name="norm")(x)  # expect: JXE151
        return nn.relu(x)


net = Net()
variables = net.init(jax.random.key(0), jnp.ones((4, 3)))
print(net.apply(variables, jnp.ones((4, 3))))
