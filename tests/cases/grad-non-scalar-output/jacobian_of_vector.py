import jax
import jax.numpy as jnp

print(jax.jacobian(lambda x: x ** 2)(jnp.ones(3)), jax.jacrev(jnp.sin)(jnp.ones(2)))
