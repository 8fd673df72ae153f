import jax
import jax.numpy as jnp


def shifted_mean(block, offset):
    return jnp.mean(block) + offset


per_device = jax.pmap(shifted_mean, in_axes=[0, None])
print(per_device(jnp.ones((1, 4)), 0.5))  # expect: JXE158
