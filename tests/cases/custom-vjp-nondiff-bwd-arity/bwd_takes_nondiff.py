from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


def scale_fwd(factor, x):
    return factor * x, None


def scale_bwd(factor, res, g):
    return (factor * g,)


def scale_bwd_accums(factor, res, g, x_acc):
    x_acc.accum(factor * g)


scale.defvjp(scale_fwd, scale_bwd)
print(jax.grad(scale, argnums=1)(2.0, 3.0))
scale.defvjp_with_accums(scale_fwd, scale_bwd_accums)
print(jax.grad(scale, argnums=1)(2.0, 3.0))
