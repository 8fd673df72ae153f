import jax
import jax.numpy as jnp


def resize(image, shape):
    return jax.image.resize(image, shape, method="linear")


resize = jax.jit(resize, static_argnames="shape")
image = jnp.ones((4, 4))
print(resize(image, (8, 8)).shape)
print(resize(image, [2, 2]).shape)  # expect: JXE082
