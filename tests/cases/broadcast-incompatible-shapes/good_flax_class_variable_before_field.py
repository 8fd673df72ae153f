from typing import ClassVar
import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
    scale: ClassVar[int] = 5
    width: int = 2

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.width)(x)


x = jnp.ones((4, 3))
head = Head(3)
print(head.apply(head.init(jax.random.key(0), x), x) + x)
