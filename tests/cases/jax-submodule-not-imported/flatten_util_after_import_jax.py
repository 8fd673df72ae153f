import jax
import jax.numpy as jnp

params = {"w": jnp.ones(2), "b": jnp.zeros(())}
flat, unravel = jax.flatten_util.ravel_pytree(params)  # expect: JXE176
print(flat.shape)
