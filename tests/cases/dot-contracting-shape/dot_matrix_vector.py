import jax.numpy as jnp

m = jnp.ones((2, 3))
v = jnp.arange(4.0)
print(jnp.dot(m, v))  # expect: JXE103
