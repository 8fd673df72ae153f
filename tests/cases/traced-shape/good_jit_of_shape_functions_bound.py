from functools import partial

import jax
import jax.numpy as jnp

causal = jax.jit(partial(jnp.tri, 6, 6))
print(causal(), jax.jit(jnp.zeros, static_argnums=0)(3), jax.jit(jnp.zeros_like)(jnp.ones(3)))
print(jax.jit(jnp.tri, static_argnums=(0, 1, 2))(4, 4, 0))
