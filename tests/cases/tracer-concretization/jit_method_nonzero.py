import jax
import jax.numpy as jnp


@jax.jit
def active(mask):
    return mask.nonzero(fill_value=0)  # expect: JXE071


print(active(jnp.array([True, False, True])))
