import jax
import jax.numpy as jnp


def scale(x, *, double: bool):
    if double:  # expect: JXE070
        return x * 2.0
    return x


scaled = jax.jit(scale)(jnp.ones(2), double=True)
print(scaled)
