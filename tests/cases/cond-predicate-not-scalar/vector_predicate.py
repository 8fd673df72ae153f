import jax
import jax.numpy as jnp

x = jnp.arange(4.0)
y = jax.lax.cond(x > 1, lambda v: v * 2, lambda v: v, x)  # expect: JXE135
print(y)
