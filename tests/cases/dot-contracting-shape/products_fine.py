import jax.numpy as jnp

x = jnp.ones((2, 3))
w = jnp.ones((4, 3))
print(x @ w.T, jnp.dot(x, jnp.ones(3)), jnp.matmul(jnp.ones(2), x))
batched = jnp.ones((5, 2, 3))
print(batched @ jnp.ones((3, 4)))
