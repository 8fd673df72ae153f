import functools

import jax as J
import jax.numpy as jnp


@functools.partial(J.jit, static_argnums=(1, 2))
def window(x, start, sizes):
    return jax_slice(x, start, sizes)


def jax_slice(x, start, sizes):
    return J.lax.dynamic_slice(x, (start,), tuple(sizes))


sizes = [2]
sizes.append(1)
print(window(jnp.arange(5.0), 1, sizes))  # expect: JXE082
