import jax
import jax.numpy as jnp

x = jnp.ones((2, 3))
w_ref = jax.new_ref(jnp.ones((3, 4)))
y = jnp.dot(x, w_ref)  # expect: JXE014
