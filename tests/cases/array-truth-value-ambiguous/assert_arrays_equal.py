import jax.numpy as jnp

a = jnp.ones(3)
b = jnp.ones(3)
assert a == b  # expect: JXE117
