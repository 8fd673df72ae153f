import jax
import jax.numpy as jnp

AXES = [None, 0]


def scaled(weights, shard):
    return shard * weights


run = jax.pmap(scaled, axis_name="devices", in_axes=AXES)
print(run(2.0, jnp.ones((1, 3))))  # expect: JXE158
