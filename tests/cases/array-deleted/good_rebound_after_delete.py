import jax.numpy as jnp

a = jnp.ones(2)
b = jnp.ones(2)
c = a + b
c.delete()
print(c.shape, c.is_deleted())  # what the array object keeps, not its buffer
c = a - b
print(c + b)
