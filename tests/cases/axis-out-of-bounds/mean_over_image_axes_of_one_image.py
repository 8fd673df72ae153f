import jax
import jax.numpy as jnp


def brightness(image):
    return jnp.mean(image, axis=(1, 2, 3))  # expect: JXE162


images = jax.random.uniform(jax.random.key(3), (8, 16, 16, 3))
print(jax.vmap(brightness)(images))
