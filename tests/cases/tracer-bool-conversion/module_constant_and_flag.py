import jax
import jax.numpy as jnp

VERBOSE = True


@jax.jit
def maybe_double(x, flag):
    # `VERBOSE` is a module constant bound once: `and` goes on to `flag`, a tracer.
    if VERBOSE and flag:  # expect: JXE070
        return x * 2
    return x


print(maybe_double(jnp.ones(2), True))
