import jax.numpy as jnp

a = jnp.ones(2)
b = jnp.ones(2)
c = a + b
c.delete()
total = c + b  # expect: JXE139
print(total)
