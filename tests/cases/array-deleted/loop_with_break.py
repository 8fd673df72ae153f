import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p * 2.0, donate_argnums=0)
params = jnp.zeros(3)
for i in range(5):
    new_params = step(params)
    if i == 0:
        break
print(new_params)
