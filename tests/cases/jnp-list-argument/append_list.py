import jax.numpy as jnp

tokens = jnp.array([3, 7, 1])
next_token = 4
tokens = jnp.append(tokens, [next_token])  # expect: JXE097
print(tokens)
