import jax.numpy as jnp

samples = 10
print(jnp.zeros((samples / 2, 3)).shape)  # expect: JXE170
