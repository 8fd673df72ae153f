from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def power_sum(x, order):
    return jnp.sum(x ** order)


outer = jax.jit(power_sum, static_argnums=1)
print(outer(jnp.arange(4.0), 2))
