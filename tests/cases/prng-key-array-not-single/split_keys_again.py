import jax

keys = jax.random.split(jax.random.key(0), 8)
print(jax.random.split(keys))  # expect: JXE128
