import jax.numpy as jnp

w = jnp.ones(3) * 2.0
w[0] *= 3.0  # expect: JXE080
print(w)
