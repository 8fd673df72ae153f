import jax.numpy as jnp

totals = []
for step in range(3):
    totals = jnp.concatenate([totals, jnp.full(1, step)])  # expect: JXE097
print(totals)
