import jax
import jax.numpy as jnp

g = jax.grad(jnp.dot, argnums=1)(jnp.ones(2), b=jnp.ones(2))  # expect: JXE024
print(g)
