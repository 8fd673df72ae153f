import jax
import jax.numpy as jnp
import flax.linen as nn

layer = nn.Dense(features=2)
variables = layer.init(jax.random.key(0), jnp.ones((1, 3)))
weights = variables["params"]
y = layer.apply(weights, jnp.ones((1, 3)))  # expect: JXE152
print(y)
