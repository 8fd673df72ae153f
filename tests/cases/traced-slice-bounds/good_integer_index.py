import jax
import jax.numpy as jnp


@jax.jit
def pick(x, i):
    return x[i] + x[i, ...].sum() + x.at[i].get()


print(pick(jnp.arange(4.0), 1))
