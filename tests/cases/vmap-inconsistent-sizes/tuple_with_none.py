import jax
import jax.numpy as jnp


def g(x, table, y):
    return x + table[0, 0] + y


batched = jax.vmap(g, in_axes=(0, None, 1))
print(batched(jnp.ones(3), jnp.ones((7, 7)), jnp.ones((2, 3))))
print(batched(jnp.ones(3), jnp.ones((7, 7)), jnp.ones((3, 2))))  # expect: JXE094
