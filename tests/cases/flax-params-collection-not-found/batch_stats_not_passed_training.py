import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(4)(x)


block = Block()
variables = block.init(jax.random.key(1), jnp.ones((2, 6)), train=False)
state = {"params": variables["params"]}
# In training mode BatchNorm would write its statistics, but it cannot even read them first.
out = block.apply(state, jnp.ones((2, 6)), train=True)  # expect: JXE152
print(out)
