import jax.numpy as jnp


def frame(image, border):
    widths = (border, border, border, border)
    return jnp.pad(image, widths)  # expect: JXE164


print(frame(jnp.ones((8, 8)), 2).shape)
