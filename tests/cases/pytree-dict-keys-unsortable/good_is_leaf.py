import jax
import jax.numpy as jnp

# `is_leaf` stops at the dict: it is handed to the function whole, never sorted.
mixed = {0: jnp.zeros(2), "aux": jnp.ones(2)}
print(jax.tree.map(lambda d: len(d), [mixed], is_leaf=lambda x: isinstance(x, dict)))
