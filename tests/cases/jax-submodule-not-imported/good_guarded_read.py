import jax
import jax.numpy as jnp

try:
    ravel = jax.flatten_util.ravel_pytree
except AttributeError:
    from jax.flatten_util import ravel_pytree as ravel
print(ravel({"w": jnp.ones(2)})[0])
