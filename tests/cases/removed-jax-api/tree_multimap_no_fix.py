import jax
import jax.numpy as jnp

a = {"w": jnp.ones(3)}
b = {"w": jnp.zeros(3)}
total = jax.tree_multimap(lambda x, y: x + y, a, b)  # expect: JXE100
print(total)
