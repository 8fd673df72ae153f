import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
    hidden: int
    width: int = 2

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.width)(nn.relu(nn.Dense(self.hidden)(x)))


x = jnp.ones((4, 3))
narrow = Head(8)
print(narrow.apply(narrow.init(jax.random.key(0), x), x) + x[:, :2])
wide = Head(hidden=8, width=3)
print(wide.apply(wide.init(jax.random.key(0), x), x) + x)
