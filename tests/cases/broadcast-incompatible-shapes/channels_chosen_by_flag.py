import jax.numpy as jnp


def load_image(with_alpha):
    channels = 4 if with_alpha else 3
    return jnp.zeros((16, channels))


def loss(pixels, target):
    return jnp.mean((pixels - target) ** 2)  # expect: JXE101


print(loss(load_image(with_alpha=True), jnp.zeros((16, 3))))
