import jax
import jax.numpy as jnp

total = jax.new_ref(jnp.zeros(3))
for x in jnp.arange(6.0).reshape(2, 3):
    total[...] += x
print(jnp.sum(total))  # expect: JXE014
