import jax.numpy as jnp

x = jnp.arange(1, 5)
print(jnp.product(x))  # expect: JXE100
