import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dropout(0.1, deterministic=True)(x)
        x = nn.Dense(4)(x)
        x = nn.Dropout(0.1, deterministic=not train)(x)  # expect: JXE150
        return x


encoder = Encoder()
variables = encoder.init(jax.random.key(0), jnp.ones((2, 3)))
print(encoder.apply(variables, jnp.ones((2, 3)), train=True))
