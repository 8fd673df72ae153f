import jax.numpy as jnp
from jax import lax

# 0.0 is weak, but promotion keeps its shape: float32[] against float32[3].
print(lax.fori_loop(0, 3, lambda i, c: c + jnp.ones(3), 0.0))  # expect: JXE096
