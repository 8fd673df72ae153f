import jax
import jax.numpy as jnp

state = jax.new_ref(jnp.zeros((2,), jnp.int32))
value = jnp.asarray(state)  # expect: JXE014
