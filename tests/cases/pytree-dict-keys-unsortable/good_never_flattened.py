import jax
import jax.numpy as jnp

# A lookup table with mixed keys that is only read by key, never given to JAX as a tree.
table = {0: jnp.zeros(2), "default": jnp.ones(2), None: jnp.ones(2)}


@jax.jit
def pick(x):
    return x + table["default"] + table[0]


print(pick(jnp.ones(2)), jax.tree.leaves([table[None], table[0]]))
