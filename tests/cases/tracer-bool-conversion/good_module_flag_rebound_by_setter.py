import jax
import jax.numpy as jnp

VERBOSE = True


def quiet():
    global VERBOSE
    VERBOSE = False


@jax.jit
def maybe_double(x, flag):
    # `VERBOSE` may have been set to False by `quiet()` before the trace: not a known constant.
    if VERBOSE and flag:
        return x * 2
    return x


quiet()
print(maybe_double(jnp.ones(2), True))
