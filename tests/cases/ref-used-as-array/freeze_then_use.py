import jax
import jax.numpy as jnp

r = jax.new_ref(jnp.ones(3))
r[0] = 5.0
final = jax.freeze(r)
print(jnp.sum(final))
