import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
scaled = jax.tree_map(lambda p: 2 * p, params)  # expect: JXE100
print(scaled)
