import jax
import jax.numpy as jnp

params = {None: jnp.ones(3), "bias": jnp.zeros(3)}
print(len(jax.tree.leaves(params)))  # expect: JXE146
