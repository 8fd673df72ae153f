import jax
import jax.numpy as jnp


@jax.jit
def floor_at_zero(total):
    return max([total, 0.0]) * jnp.ones(2)  # expect: JXE070


print(floor_at_zero(jnp.float32(-1.5)))
