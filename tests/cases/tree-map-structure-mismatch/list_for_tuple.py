import jax
import jax.numpy as jnp

layers = (jnp.ones(2), jnp.ones(3))
updates = [jnp.zeros(2), jnp.zeros(3)]
print(jax.tree_util.tree_map(jnp.add, layers, updates))  # expect: JXE114
