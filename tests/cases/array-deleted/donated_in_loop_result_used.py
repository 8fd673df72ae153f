import jax
import jax.numpy as jnp

step = jax.jit(lambda p, b: p - 0.01 * b, donate_argnums=0)
params = jnp.zeros(3)
for batch in [jnp.ones(3), jnp.ones(3)]:
    params = step(params, batch)
    print(params.sum())
