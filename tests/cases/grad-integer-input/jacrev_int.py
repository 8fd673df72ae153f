import jax
import jax.numpy as jnp

J = jax.jacrev(lambda v: jnp.sin(v) * 2.0)
print(J(jnp.array([1, 2, 3])))  # expect: JXE090
