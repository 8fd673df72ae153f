import jax
import jax.numpy as jnp
import flax.linen as nn

fan_in = nn.initializers.lecun_normal()


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3, kernel_init=fan_in, bias_init=nn.initializers.zeros_init())(x)


print(Classifier().init(jax.random.key(0), jnp.ones((1, 5))))
