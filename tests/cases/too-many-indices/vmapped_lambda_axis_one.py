import jax
import jax.numpy as jnp

m = jnp.ones((3, 5))
f = jax.vmap(lambda col, w: col[0, 1] * w, in_axes=(1, None))  # expect: JXE119
print(f(m, 2.0))
