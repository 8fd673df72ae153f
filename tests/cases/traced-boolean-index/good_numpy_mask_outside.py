import jax
import jax.numpy as jnp
import numpy as np

KEEP = np.arange(4) % 2 == 0


@jax.jit
def even_entries(x):
    return x[KEEP]


print(even_entries(jnp.arange(4.0)), jnp.arange(4.0)[jnp.arange(4) > 1])
