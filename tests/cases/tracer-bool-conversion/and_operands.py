import jax
import jax.numpy as jnp


@jax.jit
def in_range(x, low, high):
    return x > low and x < high  # expect: JXE070


print(in_range(jnp.float32(0.5), 0.0, 1.0))
