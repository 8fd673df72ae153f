import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(4)(x)
        x = nn.Dropout(rate=0.2, deterministic=not train)(x)
        return nn.relu(x)


block = Block()
variables = block.init(jax.random.key(0), jnp.ones((2, 3)))
print(block.apply(variables, jnp.ones((2, 3)), train=True, rngs={"dropout": jax.random.key(1)}))
print(block.apply(variables, jnp.ones((2, 3))))
