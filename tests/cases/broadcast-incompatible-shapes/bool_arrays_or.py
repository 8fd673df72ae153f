import jax.numpy as jnp

mask = jnp.ones(3, dtype=bool)
other = jnp.zeros(3, dtype=bool)
print(mask + other, mask * other)  # bool + is `or`: same shapes here, and left alone anyway
