import jax
import jax.numpy as jnp

x = jnp.linspace(-1.0, 1.0, 5)
print(jax.lax.max(x, 0))  # expect: JXE098
