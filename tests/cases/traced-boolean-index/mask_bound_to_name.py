import jax
import jax.numpy as jnp


@jax.jit
def band_sum(x, low, high):
    in_band = (x > low) & (x < high)
    return jnp.sum(x[in_band])  # expect: JXE075


print(band_sum(jnp.arange(5.0), 1.0, 4.0))
