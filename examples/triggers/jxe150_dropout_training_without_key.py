import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, training: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(0.3, deterministic=not training)(x)  # expect: JXE150
        return nn.Dense(3)(x)


model = Classifier()
batch = jnp.ones((8, 5))
variables = model.init(jax.random.key(0), batch)
logits = model.apply(variables, batch, training=True)
print(logits.shape)
