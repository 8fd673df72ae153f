import jax.numpy as jnp

m = jnp.ones((2, 2))
m[0] @= jnp.eye(2)  # expect: JXE080
print(m)
