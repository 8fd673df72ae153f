import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_gradient_fwd(x):
    return x, None


def clip_gradient_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)
