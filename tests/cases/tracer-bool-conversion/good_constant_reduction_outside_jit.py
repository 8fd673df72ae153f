import jax
import jax.numpy as jnp

VALID = jnp.array([1.0, 0.0, 1.0, 1.0])
# Computed eagerly, before any tracing: a concrete array, then a Python bool.
ACTIVE = jnp.sum(VALID)
LARGE = bool(ACTIVE > 2)


@jax.jit
def scaled(x):
    if LARGE:
        return x / ACTIVE
    return x


@jax.vmap
def shifted(x):
    # vmap alone does not stage: an operation on constants stays concrete.
    if jnp.sum(VALID) > 2:
        return x + 1.0
    return x


print(scaled(jnp.ones(4)), shifted(jnp.ones(3)))
