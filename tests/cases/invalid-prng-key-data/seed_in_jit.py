import jax
import jax.numpy as jnp


@jax.jit
def dropout(x):
    keep = jax.random.uniform(1234, x.shape) < 0.9  # expect: JXE130
    return jnp.where(keep, x / 0.9, 0.0)


print(dropout(jnp.ones(4)))
