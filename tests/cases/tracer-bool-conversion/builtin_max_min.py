import jax
import jax.numpy as jnp


@jax.jit
def scaled_relu(x: float, scale):
    return max(x, 0.0) * scale  # expect: JXE070


print(scaled_relu(jnp.float32(2.0), 3.0))
