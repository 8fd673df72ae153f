import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
    def setup(self):
        self.hidden = nn.Dense(8)
        self.out = nn.Dense(2)

    def __call__(self, x):
        return self.out(nn.relu(self.hidden(x)))


head = Head()
x = jnp.ones((4, 3))
variables = head.init(jax.random.key(0), x)
residual = head.apply(variables, x) + x  # expect: JXE101
print(residual)
