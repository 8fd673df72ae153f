from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), lambda factor, res, g: (factor * g,))


@partial(jax.jit, static_argnums=0)
def step(factor, x):
    return scale(factor, x)


@partial(jax.jit, static_argnames=("factor",))
def step_by_name(factor, x):
    return jax.grad(scale, argnums=1)(factor, x)


print(step(2.0, 3.0), step_by_name(2.0, 3.0), jax.jit(scale, static_argnums=0)(2.0, 3.0))
