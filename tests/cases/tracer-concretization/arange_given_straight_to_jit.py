import jax
import jax.numpy as jnp

make_range = jax.jit(jnp.arange)
print(make_range(0, 6))  # expect: JXE071
