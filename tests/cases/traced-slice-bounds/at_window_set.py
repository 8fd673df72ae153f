import jax
import jax.numpy as jnp


@jax.jit
def clear(x, i):
    return x.at[i:i + 2].set(0.0)  # expect: JXE076


print(clear(jnp.ones(5), 1))
