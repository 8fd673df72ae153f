import jax


def _scale(factor, x):
    return factor * x


scale = jax.custom_vjp(_scale, nondiff_argnames=("factor",))


def scale_fwd(factor, x):
    return factor * x, None


def scale_bwd(factor, res, g):
    return (factor * g,)


scale.defvjp(scale_fwd, scale_bwd)
print(jax.grad(scale, argnums=1)(2.0, 3.0))
