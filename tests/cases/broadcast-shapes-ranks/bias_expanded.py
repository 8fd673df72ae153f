import jax.numpy as jnp

x = jnp.ones((2, 3))
b = jnp.arange(2.0)
print(x + b[:, None], x + jnp.arange(3.0), x.sum(axis=1) + b)
