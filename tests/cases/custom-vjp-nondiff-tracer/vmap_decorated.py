from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), lambda factor, res, g: (factor * g,))


@jax.vmap
def batched(factor, x):
    return scale(factor, x)  # expect: JXE050


print(batched(jnp.ones(3), jnp.arange(3.0)))
