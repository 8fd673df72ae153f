from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


def scale_fwd(factor, x):
    return factor * x, None


def scale_bwd(factor, res, g):
    return (factor * g,)


scale.defvjp(scale_fwd, scale_bwd)


@jax.jit
def step(factor, x):
    return scale(factor, x)  # expect: JXE050


print(step(2.0, 3.0))
