# case: static — a -1 that does not divide raises another message (not this entry's)
import jax.numpy as jnp

print(jnp.arange(7.0).reshape(-1, 2))
