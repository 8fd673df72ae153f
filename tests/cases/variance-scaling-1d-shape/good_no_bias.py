import jax
import jax.numpy as jnp
import flax.linen as nn

weights_init = nn.initializers.glorot_uniform()


class Projection(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2, use_bias=False, bias_init=weights_init)(x)


print(Projection().init(jax.random.key(0), jnp.ones((2, 3))))
