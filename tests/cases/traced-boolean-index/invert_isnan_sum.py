import jax
import jax.numpy as jnp


@jax.jit
def nansum(x):
    valid = ~jnp.isnan(x)
    return x[valid].sum()  # expect: JXE075


print(nansum(jnp.array([1.0, jnp.nan, 2.0])))
