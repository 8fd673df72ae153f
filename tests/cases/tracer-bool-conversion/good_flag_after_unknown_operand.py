import jax
import jax.numpy as jnp


@jax.jit
def maybe_double(x, flag):
    # `flag` is read only when `x.ndim > 5`, which it never is here: no conversion happens.
    if x.ndim > 5 and flag:
        return x * 2
    return x


print(maybe_double(jnp.ones(2), True))
