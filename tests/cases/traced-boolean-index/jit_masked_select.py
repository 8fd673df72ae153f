import jax
import jax.numpy as jnp


@jax.jit
def finite_values(x):
    return x[jnp.isfinite(x)]  # expect: JXE075


print(finite_values(jnp.array([1.0, jnp.inf, 3.0])))
