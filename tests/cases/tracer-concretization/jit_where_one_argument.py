import jax
import jax.numpy as jnp


@jax.jit
def where_positive(x):
    return jnp.where(x > 0)  # expect: JXE071


print(where_positive(jnp.array([1.0, -1.0, 2.0])))
