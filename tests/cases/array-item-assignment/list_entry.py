import jax.numpy as jnp

layers = [jnp.zeros((3, 3)), jnp.ones(3)]
total = layers[1].sum()
layers[0][1, 1] = total  # expect: JXE080
print(layers)
