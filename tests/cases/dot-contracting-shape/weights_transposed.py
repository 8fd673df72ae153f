import jax.numpy as jnp

x = jnp.ones((2, 3))
w = jnp.ones((4, 3))
print(x @ w)  # expect: JXE103
