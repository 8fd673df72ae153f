"""A fixed-point solver written with lax.while_loop, differentiated with jax.grad (JXE107)."""

import jax
import jax.numpy as jnp
from jax import lax


def cosine_fixed_point(x):
    # Iterates c = cos(c) + x until it stops moving.
    def keep_going(c):
        return jnp.abs(jnp.cos(c) + x - c) > 1e-5

    return lax.while_loop(keep_going, lambda c: jnp.cos(c) + x, x)  # expect: JXE107


print(jax.grad(cosine_fixed_point)(0.5))
