import jax.numpy as jnp

x = jnp.arange(6.0)
print(x.reshape(3, 2), x.reshape(-1, 2), jnp.reshape(x, (2, 3)), x.reshape(x.shape[0], 1))
y = jnp.ones((2, 3))
print(y.reshape([6]), y.reshape(6), jnp.reshape(y, shape=(3, 2)))
