import jax
import jax.numpy as jnp

values = jax.vmap(lambda v: v.item())(jnp.arange(3.0))  # expect: JXE071
print(values)
