import jax.numpy as jnp

from pkg import ops

ACTIVATED = ops.soft_clip(jnp.linspace(-2.0, 2.0, 5))  # expect: JXE052
