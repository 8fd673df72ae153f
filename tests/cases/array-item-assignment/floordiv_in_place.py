import jax.numpy as jnp

steps = jnp.arange(6)
steps[2] //= 2  # expect: JXE080
print(steps)
