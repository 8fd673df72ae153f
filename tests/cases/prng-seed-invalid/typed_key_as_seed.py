import jax

key = jax.random.key(0)
key, subkey = jax.random.split(key)
print(jax.random.PRNGKey(subkey))  # expect: JXE133
