import jax
import jax.numpy as jnp

step = jax.jit(lambda p, b: p - 0.01 * b, donate_argnums=0)
params = jnp.zeros(3)
for batch in range(3):
    new_params = step(params, jnp.ones(3))  # expect: JXE139
print(new_params)
