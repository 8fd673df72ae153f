import jax.numpy as jnp

f = jnp.vectorize(lambda x, y: x * y, excluded={1})
print(f(jnp.ones(3), 2.0))
