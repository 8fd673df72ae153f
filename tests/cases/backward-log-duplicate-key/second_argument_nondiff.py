import functools

import jax
import jax.numpy as jnp

@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def scaled(k, x):
    return k * jnp.sin(x)

def scaled_fwd(k, x):
    return scaled(k, x), x

def scaled_bwd(k, x, g):
    return (k * g * jnp.cos(x),), {"norm": jnp.abs(g)}

scaled.defvjp_with_logs(scaled_fwd, scaled_bwd)

def loss(x):
    return scaled(2.0, x) + scaled(3.0, x)  # expect: JXE030

print(jax.grad(loss)(0.5))
