import jax
import jax.numpy as jnp

r = jax.new_ref(jnp.zeros((), jnp.int32))
jax.vmap(lambda x: r.__setitem__(..., x))(jnp.arange(3))  # expect: JXE015
