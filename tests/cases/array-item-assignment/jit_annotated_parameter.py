import jax
import jax.numpy as jnp


@jax.jit
def zero_first(x: jax.Array):
    x[0] = 0.0  # expect: JXE080
    return x


print(zero_first(jnp.ones(3)))
