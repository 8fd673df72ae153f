import jax
import jax.numpy as jnp

VERBOSE = False
MODE = "fast"


@jax.jit
def maybe_double(x, flag):
    # `VERBOSE` is False: `and` stops before `flag`; a non-empty string ends `or` first.
    if VERBOSE and flag:
        return x * 2
    if MODE or flag:
        return x * 3
    return x


print(maybe_double(jnp.ones(2), True))
