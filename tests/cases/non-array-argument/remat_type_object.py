import jax
import jax.numpy as jnp


def block(x, dtype):
    return jnp.sin(x).astype(dtype)


print(jax.remat(block)(jnp.ones(3), int))  # expect: JXE081
