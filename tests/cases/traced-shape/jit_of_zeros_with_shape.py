import jax
import jax.numpy as jnp

print(jax.jit(jnp.zeros)((2, 3)))  # expect: JXE072
