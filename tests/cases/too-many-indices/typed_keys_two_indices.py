import jax

keys = jax.random.split(jax.random.key(1), 4)
print(keys[0])
print(keys[1, 0])  # expect: JXE119
