import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        hidden = nn.Dense(3)(tokens)
        # Branches only on the rank: known while tracing.
        if hidden.ndim > 1:
            hidden = nn.LayerNorm()(hidden)
        return hidden


encoder = Encoder()
params = encoder.init(jax.random.key(2), jnp.ones((2, 5)))


@jax.jit
def embed(params, tokens):
    return encoder.apply(params, tokens)


print(embed(params, jnp.ones((2, 5))).shape)
