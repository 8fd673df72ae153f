import jax.numpy as jnp

media = jnp.ones((100, 3))
start = 79
print((media[start:] + jnp.ones((21, 3))).shape)
print((media[::2] + jnp.ones((50, 3))).shape)
print((media[10:-10, :2] + jnp.ones((80, 2))).shape)
print((media[-5:, 1:] + jnp.ones((5, 2))).shape)
print((media[200:] + jnp.ones((1, 3))).shape)
print((media[::-3] + jnp.ones((34, 3))).shape)
