# case: static — it assigns jax.tree_map, which would outlive it in the process the cases share
import jax
import jax.numpy as jnp

jax.tree_map = jax.tree.map  # an old library's shim: the file defines the name itself
print(jax.tree_map(lambda x: x + 1, {"a": jnp.ones(2)}))
