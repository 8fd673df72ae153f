import jax.numpy as jnp
import flax.linen as nn

layer = nn.Dropout(0.5, deterministic=False)
print(layer.apply({}, jnp.ones(4)))  # expect: JXE150
