# case: static — a Python scalar mapped along axis 0 is JAX's rank error, not this one
import jax
import jax.numpy as jnp

jax.vmap(lambda x, y: x + y)(jnp.ones(3), 2.0)
