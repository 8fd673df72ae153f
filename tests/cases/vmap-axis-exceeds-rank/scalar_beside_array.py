# A Python scalar mapped along axis 0 beside an array: the rank error (JXE118), not JXE094's sizes.
import jax
import jax.numpy as jnp

jax.vmap(lambda x, y: x + y)(jnp.ones(3), 2.0)  # expect: JXE118
