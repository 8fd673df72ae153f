import jax
import jax.numpy as jnp


def clamp(x):
    return x if x < 1.0 else 1.0  # expect: JXE070


print(jax.jit(jax.vmap(clamp))(jnp.arange(3.0)))
