import jax

keys = jax.random.split(jax.random.key(7), 4)
print(0 < keys)  # expect: JXE129
