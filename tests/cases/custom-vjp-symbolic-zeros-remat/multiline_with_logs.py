from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scaled(scale, x):
    return scale * x


def scaled_fwd(scale, x):
    return scale * x.value, None


def scaled_bwd(scale, res, g):
    return (scale * g,), None


scaled.defvjp_with_logs(
    scaled_fwd,
    scaled_bwd,
    optimize_remat=True,  # expect: JXE055
    symbolic_zeros=True,
)
print(jax.grad(scaled, argnums=1)(2.0, 3.0))
