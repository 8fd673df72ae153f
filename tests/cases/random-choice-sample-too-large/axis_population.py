from jax import random
import jax.numpy as jnp

table = jnp.ones((3, 7))
rows = random.choice(random.PRNGKey(2), table, shape=(5,), replace=False, axis=0)  # expect: JXE134
print(rows.shape)
