import jax
import jax.numpy as jnp


@jax.jit
def outliers(x):
    return x[jnp.logical_or(x < -3.0, x > 3.0)]  # expect: JXE075


print(outliers(jnp.array([-5.0, 0.0, 4.0])))
