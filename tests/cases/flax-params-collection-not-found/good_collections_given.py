import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(3)(nn.relu(x))


model = Classifier()
variables = model.init(jax.random.key(0), jnp.ones((8, 5)))
params, batch_stats = variables["params"], variables["batch_stats"]
print(model.apply({"params": params, "batch_stats": batch_stats}, jnp.ones((8, 5))).shape)
print(model.apply(variables, jnp.ones((8, 5))).shape)
out, updates = model.apply({"params": params}, jnp.ones((8, 5)), train=True, mutable=["batch_stats"])
print(out.shape, sorted(updates))

layer = nn.Dense(2)
weights = layer.init(jax.random.key(1), jnp.ones((1, 3)))["params"]
print(layer.apply({"params": weights}, jnp.ones((1, 3))))
# Dropout reads no variable: an empty dict is all it needs.
print(nn.Dropout(0.5, deterministic=True).apply({}, jnp.ones(3)))
