import jax

keys = jax.random.split(jax.random.PRNGKey(0), 4)
print(jax.random.uniform(keys, shape=(2,)))  # expect: JXE128
