import jax
import jax.numpy as jnp

from pkg import ops

fast_scale = jax.jit(ops.scale, static_argnums=(1,))
print(fast_scale(jnp.ones(3), 8))
