import sys

import jax
import jax.numpy as jnp

PHYSICS_DTYPE = jnp.float16
if "--float32" not in sys.argv:
    PHYSICS_DTYPE = jnp.float32


def surface_flux(t_skin, t_air, over_land):
    diff = t_skin - t_air
    return jax.lax.cond(
        over_land,
        lambda d: d * 1.2,
        lambda d: (d * 0.8).astype(PHYSICS_DTYPE),
        diff,
    )


print(surface_flux(jnp.ones((1, 4)), jnp.zeros((1, 4)), True))
