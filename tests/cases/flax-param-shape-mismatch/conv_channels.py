import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, images, train: bool = False):
        x = nn.Conv(features=8, kernel_size=(3, 3))(images)
        x = nn.Dropout(0.1, deterministic=not train)(x)
        return x.mean(axis=(1, 2))


encoder = Encoder()
variables = encoder.init(jax.random.key(0), jnp.ones((1, 32, 32, 1)))  # grayscale
rgb = jnp.ones((4, 32, 32, 3))
codes = encoder.apply(variables, rgb)  # expect: JXE153
print(codes.shape)
