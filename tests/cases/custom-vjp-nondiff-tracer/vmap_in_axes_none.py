from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), lambda factor, res, g: (factor * g,))


def batched(factor, x):
    return scale(factor, x)


print(jax.vmap(batched, in_axes=(None, 0))(2.0, jnp.arange(3.0)))
