import jax
import jax.numpy as jnp


@jax.jit
def distances(desc):
    return jnp.linalg.norm(desc, axis=-1)


print(distances(jax.devices()[0]))  # expect: JXE081
