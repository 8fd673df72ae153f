import jax
import jax.numpy as jnp
import flax.linen as nn


class Head(nn.Module):
    rate: float = 0.1

    @nn.compact
    def __call__(self, x):
        x = nn.Dropout(self.rate, name="head_drop")(x, deterministic=False)  # expect: JXE150
        return nn.Dense(2)(x)


head = Head()
params = head.init(jax.random.key(1), jnp.ones((1, 5)))
out = head.apply(params, jnp.ones((1, 5)))
