import jax.numpy as jnp

n = 5
d = 2
w = jnp.zeros((d, n))
tiled = jnp.broadcast_to(w, (n, d))  # expect: JXE121
print(tiled)
