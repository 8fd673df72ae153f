import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, training: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(0.3, deterministic=not training)(x)
        return nn.Dense(3)(x)


model = Classifier()
batch = jnp.ones((8, 5))
init_key, dropout_key = jax.random.split(jax.random.key(0))
variables = model.init(init_key, batch)
logits = model.apply(variables, batch, training=True, rngs={"dropout": dropout_key})
print(logits.shape)
