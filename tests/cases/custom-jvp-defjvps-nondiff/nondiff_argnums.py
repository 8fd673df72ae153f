from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def scaled_sin(scale, x):
    return scale * jnp.sin(x)


scaled_sin.defjvps(lambda t, out, scale, x: scale * jnp.cos(x) * t)  # expect: JXE112
print(jax.grad(scaled_sin, argnums=1)(2.0, 0.5))
