import jax.numpy as jnp

x = jnp.arange(6)
print(jnp.split(x, 3), jnp.split(x, [2, 5]), jnp.split(x, jnp.array([1, 4])))
print(jnp.array_split(jnp.arange(5), 2))
m = jnp.ones((4, 6))
print(jnp.split(m, 3, axis=1), jnp.hsplit(m, 3), jnp.vsplit(m, 2), jnp.split(m, 2, -2))
