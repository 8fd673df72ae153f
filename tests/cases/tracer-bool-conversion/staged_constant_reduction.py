import jax
import jax.numpy as jnp

VALID = jnp.array([1.0, 0.0, 1.0, 1.0])


@jax.jit
def scaled(x):
    active = jnp.sum(VALID)
    if active > 2:  # expect: JXE070
        return x / active
    return x


print(scaled(jnp.ones(4)))
