import jax.numpy as jnp

history = [0.0, 0.5]
latest = jnp.array([1.0, 1.5])
print(jnp.concatenate([history, latest]))  # expect: JXE097
