import sys

import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


def run(xs, factor):
    return jax.vmap(scale)(xs, factor)


factor = 2.0
if len(sys.argv) < 100:
    factor = jnp.ones(4)
print(run(jnp.ones((4, 3)), jnp.ones(4)))
print(jax.vmap(scale)(jnp.ones((4, 3)), factor.reshape(4, 1) if hasattr(factor, "reshape") else factor))
print(jax.vmap(scale)(jnp.ones((4, 3)), jnp.ones(4)[:, None]))
