import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
    width: int = 3

    def setup(self):
        self.hidden = nn.Dense(8)
        self.out = nn.Dense(self.width)

    def __call__(self, x):
        return self.out(nn.relu(self.hidden(x)))


head = Head()
x = jnp.ones((4, 3))
variables = head.init(jax.random.key(0), x)
print((head.apply(variables, x) + x).shape)
