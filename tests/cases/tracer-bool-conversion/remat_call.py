import jax
import jax.numpy as jnp


def block(x, w):
    h = jnp.tanh(x * w)
    return h if w > 0 else -h  # expect: JXE070


print(jax.remat(block)(jnp.ones(3), 2.0))
