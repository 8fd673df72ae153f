import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
    hidden: int
    width: int = 2

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.width)(nn.relu(nn.Dense(self.hidden)(x)))


head = Head(8)
x = jnp.ones((4, 3))
variables = head.init(jax.random.key(0), x)
print(head.apply(variables, x) + x)  # expect: JXE101
