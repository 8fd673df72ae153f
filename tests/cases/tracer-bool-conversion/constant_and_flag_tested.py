import jax
import jax.numpy as jnp


@jax.jit
def maybe_double(x, flag):
    if True and flag:  # expect: JXE070
        return x * 2
    return x


print(maybe_double(jnp.ones(2), True))
