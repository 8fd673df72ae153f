import jax.numpy as jnp

x = jnp.arange(4)
is_even = x % 2 == 0
both = is_even and (x > 0)  # expect: JXE117
print(both)
