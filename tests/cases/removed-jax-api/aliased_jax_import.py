import jax as J
import jax.numpy as jnp

leaves = J.tree_leaves({"a": jnp.ones(2), "b": 1.0})  # expect: JXE100
print(len(leaves))
