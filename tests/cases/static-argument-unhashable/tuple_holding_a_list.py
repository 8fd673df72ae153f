import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def pad(x, widths):
    return jnp.pad(x, widths)


print(pad(jnp.ones((2, 2)), ((1, 1), (0, 1))))
print(pad(jnp.ones((2, 2)), (1, [0, 1])))  # expect: JXE082
