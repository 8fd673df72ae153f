import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p * 2.0, donate_argnums=0)
params = jnp.zeros(3)
for _ in range(1):
    new_params = step(params)
print(new_params)
for _ in range(3):
    result = step(jnp.ones(3))
print(result)
