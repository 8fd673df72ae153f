import jax
import jax.numpy as jnp

mixed = {0: jnp.zeros(2), "aux": jnp.ones(2)}
# `is_leaf` given by position: the dict is a leaf, never sorted.
print(len(jax.tree.leaves(mixed, lambda x: isinstance(x, dict))))
print(jax.tree.reduce(lambda a, b: a + len(b), [mixed], 0, lambda x: isinstance(x, dict)))
