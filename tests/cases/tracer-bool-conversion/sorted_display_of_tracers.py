import jax
import jax.numpy as jnp


@jax.jit
def band(lower, upper, x):
    low, high = sorted([lower, upper])  # expect: JXE070
    return jnp.clip(x, low, high)


print(band(2.0, -1.0, jnp.linspace(-3.0, 3.0, 5)))
