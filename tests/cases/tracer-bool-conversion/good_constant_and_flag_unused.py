import jax
import jax.numpy as jnp


@jax.jit
def pick(x, scale):
    # `True and scale` is `scale` itself, used as a number: nothing converts it to a bool.
    factor = True and scale
    return x * factor


print(pick(jnp.ones(2), 3.0))
