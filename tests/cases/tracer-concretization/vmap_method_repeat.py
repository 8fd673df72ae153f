import jax
import jax.numpy as jnp

rows = jax.vmap(lambda row, n: row.repeat(n, axis=0), in_axes=(0, 0))  # expect: JXE071
print(rows(jnp.ones((2, 3)), jnp.array([2, 2])))
