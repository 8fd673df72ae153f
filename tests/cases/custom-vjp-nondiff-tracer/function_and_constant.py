from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply(fn, x):
    return fn(x)


apply.defvjp(lambda fn, x: (fn(x), x), lambda fn, x, g: (g * jnp.cos(x),))


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), lambda factor, res, g: (factor * g,))


@jax.jit
def step(x):
    return apply(jnp.sin, x) + scale(2.0, x)


print(step(0.5), jax.grad(scale, argnums=1)(2.0, 3.0))
