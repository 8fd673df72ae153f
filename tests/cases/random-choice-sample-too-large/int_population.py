import jax

key = jax.random.key(0)
print(jax.random.choice(key, 5, shape=(10,), replace=False))  # expect: JXE134
