import jax
import jax.numpy as jnp


def galaxy(template, scale):
    return template * scale


template = jnp.ones((5, 5))
ensemble = jax.vmap(galaxy, in_axes=(None, None))(template, 2.0)  # expect: JXE165
print(ensemble.shape)
