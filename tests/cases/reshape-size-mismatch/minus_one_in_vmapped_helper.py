import jax
import jax.numpy as jnp


def patches(image):
    return image.reshape(-1, 16)  # expect: JXE104


images = jnp.ones((5, 6, 6))
print(jax.vmap(patches)(images).shape)
