import jax
import jax.numpy as jnp


@jax.jit
def positions(mask):
    return jnp.argwhere(mask)  # expect: JXE071


print(positions(jnp.array([[True, False], [False, True]])))
