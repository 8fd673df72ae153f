import jax.numpy as jnp


def residual(prediction, target):
    error = prediction - target  # expect: JXE101
    return jnp.mean(error ** 2)


print(residual(jnp.zeros(3), jnp.ones(4)))
