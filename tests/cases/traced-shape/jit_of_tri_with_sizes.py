import jax
import jax.numpy as jnp

causal = jax.jit(jnp.tri)
mask = causal(6, 6, 0)  # expect: JXE072
print(mask)
