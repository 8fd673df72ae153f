import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16)(x))
        x = nn.Dropout(self.rate, deterministic=False)(x)  # expect: JXE150
        return nn.Dense(3)(x)


class Trainer:
    def __init__(self, seed: int = 0):
        self.model = Classifier()
        keys = jax.random.split(jax.random.key(seed))
        self.params = self.model.init({"params": keys[0], "dropout": keys[1]}, jnp.ones((1, 5)))

    def predict(self, params, batch):
        return self.model.apply(params, batch)


trainer = Trainer()
print(trainer.predict(trainer.params, jnp.ones((4, 5))))
