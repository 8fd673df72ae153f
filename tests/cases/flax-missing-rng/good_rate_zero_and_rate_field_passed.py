import jax
import jax.numpy as jnp
import flax.linen as nn


class Head(nn.Module):
    rate: float = 0.1

    @nn.compact
    def __call__(self, x):
        x = nn.Dropout(self.rate)(x, deterministic=False)
        x = nn.Dropout(0.0)(x, deterministic=False)
        return nn.Dense(2)(x)


head = Head(rate=0.0)
params = head.init(jax.random.key(1), jnp.ones((1, 5)))
print(head.apply(params, jnp.ones((1, 5))))
