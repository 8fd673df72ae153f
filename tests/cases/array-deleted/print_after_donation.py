import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p - 0.1 * p, donate_argnums=0)
params = jnp.ones(3)
new_params = step(params)
print(params)  # expect: JXE139
