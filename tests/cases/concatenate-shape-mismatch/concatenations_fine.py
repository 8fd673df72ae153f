import jax.numpy as jnp

a = jnp.zeros((2, 3))
b = jnp.ones((2, 4))
print(jnp.concatenate([a, b], axis=1), jnp.concatenate([a, jnp.ones((5, 3))]))
print(jnp.concatenate([jnp.ones(3), jnp.ones(4)]))
pieces = [a]
pieces.append(jnp.ones((1, 3)))  # a list changed after it was built: unknown
print(jnp.concatenate(pieces))
