# case: static — the shapes differ, so JAX raises its shape error first; not this entry
import jax.numpy as jnp
from jax import lax

print(lax.add(jnp.ones(3), jnp.ones((2, 3), dtype=jnp.int32)))
