import jax.numpy as jnp

grid = jnp.linspace(0.0, 1.0, 6).reshape(2, 3)
pieces = [shard.data for shard in grid.addressable_shards]
print(len(pieces))
