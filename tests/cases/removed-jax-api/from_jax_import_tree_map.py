import jax.numpy as jnp
from jax import tree_map  # expect: JXE100

print(tree_map(lambda p: p + 1, {"a": jnp.ones(2)}))
