import jax.numpy as jnp

tokens = jnp.zeros((12, 8))
# len(tokens) is 12: a (12,) vector against 8 rows.
weights = jnp.ones(len(tokens))
print(jnp.ones((4, 8)) @ weights)  # expect: JXE103
