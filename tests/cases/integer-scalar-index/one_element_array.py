import jax.numpy as jnp

layers = ("dense", "conv", "pool")
idx = jnp.array([1])
print(layers[idx])  # expect: JXE124
