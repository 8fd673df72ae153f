import jax
import jax.numpy as jnp

print(jax.vmap(jax.grad(lambda x: x ** 2))(jnp.ones(3)))
