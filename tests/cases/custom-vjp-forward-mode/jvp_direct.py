import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(lo, hi, x):
    return jnp.clip(x, lo, hi)


def clip_gradient_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_gradient_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
print(jax.jvp(clip_gradient, (-1.0, 1.0, 0.5), (0.0, 0.0, 1.0)))  # expect: JXE054
