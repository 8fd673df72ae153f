import jax
import jax.numpy as jnp

w = jax.new_ref(jnp.ones(3))
w = w[...]
print(jnp.sin(w))
