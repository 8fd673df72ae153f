import jax
import jax.numpy as jnp
from jax import tree_util
from jax.tree import map as tree_map

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
print(jax.tree.map(lambda p: 2 * p, params))
print(tree_util.tree_map(lambda p: p + 1, params))
print(tree_map(jnp.sum, params))
print(jnp.prod(jnp.arange(1, 4)), jnp.zeros(3).at[0].set(1.0))
key: jax.Array = jax.random.key(0)
print(key.shape, "jax.tree_map is gone")  # a mention in a string is nothing
