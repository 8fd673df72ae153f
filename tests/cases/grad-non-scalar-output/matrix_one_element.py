import jax
import jax.numpy as jnp

g = jax.grad(lambda m: m * 3.0)
print(g(jnp.ones((1, 1))))  # expect: JXE091
