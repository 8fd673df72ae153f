from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnames=("factor",))
def scale(x, factor):
    return factor * jnp.sin(x)


def scale_fwd(x, factor):
    return scale(x, factor), x


def scale_bwd(factor, x, g):
    # `factor` is named non-differentiable: JAX wants one cotangent, for `x` only.
    return (factor * jnp.cos(x) * g, jnp.zeros(()))  # expect: JXE040


scale.defvjp(scale_fwd, scale_bwd)
print(jax.grad(lambda x: scale(x, factor=2.0))(0.5))
