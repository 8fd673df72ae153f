"""An optimizer step written for JAX 0.2: `jax.tree_multimap` and `jax.ops` are gone (JXE100)."""

import jax
import jax.numpy as jnp

params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
grads = {"w": jnp.full((2, 2), 0.5), "b": jnp.ones(2)}
new_params = jax.tree_multimap(lambda p, g: p - 0.1 * g, params, grads)  # expect: JXE100
print(new_params)
