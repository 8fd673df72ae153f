import jax
import jax.numpy as jnp

data = jnp.arange(8.0)
print(jax.vmap(lambda k: data[2 * k:2 * k + 2])(jnp.arange(3)))  # expect: JXE076
