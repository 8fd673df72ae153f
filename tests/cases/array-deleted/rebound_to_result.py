import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p - 0.1 * p, donate_argnums=0)
params = jnp.ones(3)
for _ in range(3):
    params = step(params)
print(params)
