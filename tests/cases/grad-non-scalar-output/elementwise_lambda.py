import jax
import jax.numpy as jnp

print(jax.grad(lambda x: x ** 2)(jnp.ones(3)))  # expect: JXE091
