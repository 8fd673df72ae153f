import jax
import jax.numpy as jnp
import flax.linen as nn

weights_init = nn.initializers.glorot_uniform()


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        hidden = nn.relu(nn.Dense(8, kernel_init=weights_init)(x))
        return nn.Dense(1, kernel_init=weights_init, bias_init=nn.initializers.zeros_init())(hidden)


params = Regressor().init(jax.random.key(0), jnp.ones((2, 3)))
print(jax.tree_util.tree_map(jnp.shape, params))
