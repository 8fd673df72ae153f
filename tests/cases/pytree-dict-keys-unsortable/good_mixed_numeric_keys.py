import jax
import jax.numpy as jnp

# Numbers of different types compare with each other: JAX sorts these keys.
weights = {1: jnp.ones(2), 2.5: jnp.zeros(2), False: jnp.ones(2)}
print(jax.tree.leaves(weights))
