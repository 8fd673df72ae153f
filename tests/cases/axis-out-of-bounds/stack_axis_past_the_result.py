import jax.numpy as jnp

east = jnp.arange(4.0)
north = jnp.arange(4.0) * 2
track = jnp.stack([east, north], axis=2)  # expect: JXE162
print(track)
