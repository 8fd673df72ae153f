import jax.numpy as jnp
from jax import tree_util

observation = {b"image": jnp.zeros((2, 2)), "prompt_id": jnp.array(3)}
leaves, treedef = tree_util.tree_flatten(observation)  # expect: JXE146
print(treedef)
