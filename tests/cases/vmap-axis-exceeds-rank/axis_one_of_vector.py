import jax
import jax.numpy as jnp

v = jnp.arange(5.0)
f = jax.vmap(lambda x: x * 2, in_axes=1)
print(f(v))  # expect: JXE118
