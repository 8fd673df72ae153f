import jax.numpy as jnp

num_heads = 4
hidden = jnp.ones((2, 10))
heads = jnp.split(hidden, num_heads, axis=-1)  # expect: JXE120
print(len(heads))
