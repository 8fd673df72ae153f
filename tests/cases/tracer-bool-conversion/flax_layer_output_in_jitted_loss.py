import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        hidden = nn.Dense(3)(tokens)
        hidden = nn.LayerNorm()(hidden)
        if hidden.std() > 1.0:  # expect: JXE070
            hidden = hidden / hidden.std()
        return hidden


encoder = Encoder()
params = encoder.init(jax.random.key(2), jnp.ones((2, 5)))


def loss(params, tokens):
    return jnp.mean(encoder.apply(params, tokens) ** 2)


@jax.jit
def train_step(params, tokens):
    return jax.grad(loss)(params, tokens)


print(jax.tree_util.tree_map(jnp.shape, train_step(params, jnp.ones((2, 5)))))
