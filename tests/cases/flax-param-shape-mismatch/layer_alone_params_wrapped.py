import jax
import jax.numpy as jnp
import flax.linen as nn

layer = nn.Dense(4)
params = layer.init(jax.random.key(0), jnp.ones((2, 3)))["params"]
out = layer.apply({"params": params}, jnp.ones((2, 6)))  # expect: JXE153
print(out)
