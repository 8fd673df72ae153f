import jax
import jax.numpy as jnp
import flax.linen as nn


class Affine(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        w = self.param("w", nn.initializers.lecun_normal(), (x.shape[-1], self.features))
        b = self.param("b", nn.initializers.lecun_normal(), (self.features,))  # expect: JXE159
        return x @ w + b


print(Affine().init(jax.random.key(0), jnp.ones((2, 3))))
