from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def apply(fn, x):
    return fn(x)


apply.defjvp(lambda fn, primals, tangents: [fn(primals[0])])  # expect: JXE110
print(jax.jit(jax.grad(apply, argnums=1), static_argnums=0)(jnp.sin, 0.5))
