import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="scale")
def update(params, opt, scale):
    return jax.tree.map(lambda p: p * scale, params), opt


params = {"w": jnp.ones(3)}
opt = {"mu": {0: jnp.zeros(3), "default": jnp.zeros(3)}}
print(update(params, (opt, jnp.zeros(())), scale=2.0))  # expect: JXE146
