import functools

import jax
import jax.numpy as jnp

@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(k, x):
    return k * jnp.sin(x)

def scale_fwd(k, x):
    return scale(k, x), x

def scale_bwd(k, x, g, x_acc):
    return (k * g * jnp.cos(x),)  # expect: JXE031

scale.defvjp_with_accums(scale_fwd, scale_bwd)
print(jax.grad(scale, argnums=1)(2.0, 0.5))
