import jax.numpy as jnp

signal, noise = jnp.ones((2, 4)), jnp.zeros((3, 4))
print(signal + noise)  # expect: JXE101
