import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


model = Classifier()
variables = model.init(jax.random.key(0), jnp.ones((8, 5)))
params = variables["params"]  # what the optimizer updates; batch_stats left behind
logits = model.apply({"params": params}, jnp.ones((8, 5)))  # expect: JXE152
print(logits.shape)
