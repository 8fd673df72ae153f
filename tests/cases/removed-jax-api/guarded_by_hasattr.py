import jax
import jax.numpy as jnp

if hasattr(jax, "tree_map"):
    tree_map = jax.tree_map
else:
    tree_map = jax.tree.map

if jax.__version_info__ < (0, 4, 0):
    leaves = jax.tree_leaves
else:
    leaves = jax.tree.leaves

print(leaves(tree_map(lambda x: x * 2, {"a": jnp.ones(2)})))

x = jnp.ones(2)
print(hasattr(jax, "pxla") and isinstance(x, jax.pxla.ShardedDeviceArray))
