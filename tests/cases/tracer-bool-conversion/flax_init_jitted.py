import flax.linen as nn
import jax
import jax.numpy as jnp


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        while tokens.sum() > 100:  # expect: JXE070
            tokens = tokens // 2
        return nn.Embed(128, 8)(tokens)


model = Encoder()
tokens = jnp.arange(16)
variables = jax.jit(model.init)(jax.random.key(0), tokens)
