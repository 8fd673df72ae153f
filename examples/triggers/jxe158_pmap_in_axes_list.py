import jax
import jax.numpy as jnp


def normalized(shard, scale):
    return shard / (scale * jnp.linalg.norm(shard))


parallel = jax.pmap(normalized, in_axes=[0, None])
print(parallel(jnp.ones((1, 3)), 2.0))  # expect: JXE158
