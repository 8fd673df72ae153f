import jax
import jax.numpy as jnp

r = jax.new_ref(jnp.array([-1.0, 2.0]))
print(jnp.abs(r))  # expect: JXE014
