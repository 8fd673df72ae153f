import jax

key = jax.random.PRNGKey(0)
shifted = key + 1
print(jax.random.normal(shifted))
