import jax.numpy as jnp

xs = [1.0, 2.0]
xs = jnp.array(xs)
print(jnp.mean(xs))
