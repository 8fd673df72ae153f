import jax.numpy as jnp
from jax import lax

branches = [lambda v: v, lambda v: 2.0 * v, lambda v: v ** 2]
phase = jnp.float32(0.7)
print(lax.switch(jnp.floor(phase * 3), branches, jnp.float32(3.0)))  # expect: JXE173
