import jax
import jax.numpy as jnp

xs = (jnp.ones(2), jnp.ones(2))
ys = (jnp.ones(2), jnp.ones(2))
zs = (jnp.ones(2),)
print(jax.tree.map(lambda x, y, z: x + y + z, xs, ys, zs))  # expect: JXE114
