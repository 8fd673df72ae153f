import jax
import jax.numpy as jnp


@jax.jit
def distinct(labels):
    return jnp.unique(labels, return_counts=True)  # expect: JXE071


print(distinct(jnp.array([3, 1, 3])))
