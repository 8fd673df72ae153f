import jax.numpy as jnp
import numpy as np

buffer = np.zeros(4)
buffer[0] = 1.0
device = jnp.asarray(buffer).at[1].set(2.0)
print(buffer, device.block_until_ready(), device.sharding is not None)


def update(a):
    return a.at[0].set(3.0)  # (a may be a JAX array: never flagged)


print(update(jnp.ones(2)))
