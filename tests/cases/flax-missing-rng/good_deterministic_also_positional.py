# case: static — deterministic given to the constructor and again positionally at call time: Flax raises its own ValueError first
import jax
import jax.numpy as jnp
import flax.linen as nn

layer = nn.Dropout(0.5, deterministic=False)
print(layer.apply({}, jnp.ones(4), True))


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dropout(0.5, deterministic=False)(x, True)


b = Block()
v = b.init(jax.random.key(0), jnp.ones(3))
print(b.apply(v, jnp.ones(3)))
