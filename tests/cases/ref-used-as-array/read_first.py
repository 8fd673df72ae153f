import jax
import jax.numpy as jnp

total = jax.new_ref(jnp.zeros(3))
total[...] += jnp.arange(3.0)
print(jnp.sum(total[...]), jnp.zeros_like(total), total.shape, jnp.shape(total))
