import jax
import jax.numpy as jnp

mask = jnp.array([0, 3, 0, 1])
print(jax.jit(jnp.nonzero)(mask))  # expect: JXE071
