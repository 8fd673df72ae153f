"""`pad` is static, so `jnp.zeros(pad)` gets a Python integer."""

import jax
import jax.numpy as jnp


@jax.jit(static_argnames=("pad",))
def pad_right(x, pad):
    return jnp.concatenate([x, jnp.zeros(pad)])


print(pad_right(jnp.ones(3), 2))
