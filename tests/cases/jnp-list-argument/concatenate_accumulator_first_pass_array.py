import jax.numpy as jnp

totals = jnp.zeros(0)
for step in range(3):
    totals = jnp.concatenate([totals, jnp.full(1, step)])
print(totals)
