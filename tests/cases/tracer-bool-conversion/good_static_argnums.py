from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    if n > 2:
        return x ** n
    return x


@partial(jax.jit, static_argnums=-1)
def repeat(x, times):
    while times > 1:
        x = x + x
        times -= 1
    return x


@jax.jit(static_argnames="mode")
def activate(x, mode):
    if mode == "relu":
        return jnp.maximum(x, 0.0)
    return jnp.tanh(x)


steps = jax.jit(lambda x, k: x * 2 if k else x, static_argnames=("k",))
print(power(jnp.ones(2), 3), repeat(jnp.ones(2), 3), activate(jnp.ones(2), "relu"), steps(1.0, True))
