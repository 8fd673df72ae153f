import jax.numpy as jnp

x = jnp.ones((6, 3))
n, d = x.shape
print((jnp.zeros((n, d)) + x).shape)
print((jnp.zeros(x.shape[-1]) + x).shape)
print((jnp.zeros((len(x), 1)) * x).shape)
print((jnp.ones(x.ndim) + jnp.ones(2)).shape, jnp.zeros(x.size).shape)
