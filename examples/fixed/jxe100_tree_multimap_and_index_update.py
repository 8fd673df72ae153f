"""An optimizer step written for JAX 0.2, fixed: `jax.tree.map` takes several trees."""

import jax
import jax.numpy as jnp

params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
grads = {"w": jnp.full((2, 2), 0.5), "b": jnp.ones(2)}
new_params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
print(new_params)
