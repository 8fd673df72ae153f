import flax.linen as nn
import jax
import jax.numpy as jnp


class Head(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.features)(x)


head = Head(3)
inputs = jnp.ones((8, 4))
params = head.init(jax.random.key(0), inputs)["params"]


@jax.jit
def predict(module, params, batch):
    return module.apply({"params": params}, batch)


print(predict(head, params, inputs))  # expect: JXE081
