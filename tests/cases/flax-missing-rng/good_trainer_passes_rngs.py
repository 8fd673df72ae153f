import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(16)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(3)(x)


class Trainer:
    def __init__(self, seed: int = 0):
        self.model = Classifier()
        keys = jax.random.split(jax.random.key(seed))
        self.params = self.model.init({"params": keys[0], "dropout": keys[1]}, jnp.ones((1, 5)))

    def predict(self, params, batch):
        return self.model.apply(params, batch)

    def train_logits(self, params, batch, key):
        return self.model.apply(params, batch, train=True, rngs={"dropout": key})


class Swapping:
    def __init__(self):
        self.model = Classifier()

    def use_training_model(self):
        self.model = nn.Dropout(0.5, deterministic=False)  # stored twice: not followed

    def run(self, x):
        return self.model.apply({}, x)


trainer = Trainer()
print(trainer.predict(trainer.params, jnp.ones((4, 5))).shape,
      trainer.train_logits(trainer.params, jnp.ones((4, 5)), jax.random.key(1)).shape)
