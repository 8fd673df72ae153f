import jax
import jax.numpy as jnp


@jax.grad
def bump(t):
    if t > 0.0:
        return t ** 3
    return -t


@jax.jit
def shifted(x, offset):
    return x + offset


# The grad function runs eagerly (grad alone gives concrete values); its result is what jit sees.
print(shifted(jnp.ones(2), bump(2.0)))
