import jax.numpy as jnp


def half_buffer(samples):
    return jnp.zeros((samples / 2, 3))  # expect: JXE170


print(half_buffer(10).shape)
print(jnp.ones(12 / 4).shape)  # expect: JXE170
