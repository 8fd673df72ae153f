"""The solver runs a fixed number of steps with lax.scan, which reverse mode differentiates."""

import jax
import jax.numpy as jnp
from jax import lax


def cosine_fixed_point(x, steps=100):
    def step(c, _):
        return jnp.cos(c) + x, None

    out, _ = lax.scan(step, x, None, length=steps)
    return out


print(jax.grad(cosine_fixed_point)(0.5))
