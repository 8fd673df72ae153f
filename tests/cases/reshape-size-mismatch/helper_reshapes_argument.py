import jax
import jax.numpy as jnp


@jax.jit
def to_grid(pixels):
    return pixels.reshape(4, 4)  # expect: JXE104


print(to_grid(jnp.arange(12.0)))
