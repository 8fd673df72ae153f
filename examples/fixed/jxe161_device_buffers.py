import jax
import jax.numpy as jnp

weights = jax.device_put(jnp.ones((2, 2)))
for shard in weights.addressable_shards:
    print(shard.device)
