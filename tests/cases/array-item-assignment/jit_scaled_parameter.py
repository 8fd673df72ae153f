import jax
import jax.numpy as jnp


@jax.jit
def doubled_without_first(x):
    y = x * 2.0
    y[0] = 0.0  # expect: JXE080
    return y


print(doubled_without_first(jnp.ones(3)))
