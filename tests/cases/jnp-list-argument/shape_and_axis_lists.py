import jax.numpy as jnp

x = jnp.ones((2, 3))
print(jnp.reshape(x, [3, 2]), jnp.transpose(x, [1, 0]), jnp.sum(x, axis=[0, 1]))
print(jnp.broadcast_to(jnp.ones(3), [2, 3]), jnp.tile(x, [2, 1]), jnp.flip(x, [0]))
print(jnp.roll(x, [1, 1], axis=(0, 1)), jnp.pad(x, [(1, 1), (0, 0)]))
