import jax.numpy as jnp

bounds = jnp.array([3, 4])
for i in range(bounds):  # expect: JXE124
    print(i)
