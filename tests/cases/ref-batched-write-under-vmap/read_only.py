import jax
import jax.numpy as jnp

scale = jax.new_ref(jnp.full((), 2.0))
print(jax.vmap(lambda x: x * scale[...])(jnp.arange(3.0)))
