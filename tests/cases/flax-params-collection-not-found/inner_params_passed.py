import jax
import jax.numpy as jnp
import flax.linen as nn


class MLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(self.hidden)(x)
        return nn.Dense(1)(nn.gelu(x))


mlp = MLP()
params = mlp.init(jax.random.key(0), jnp.ones((4, 2, 3)))["params"]
print(mlp.apply(params, jnp.ones((4, 2, 3))))  # expect: JXE152
