import jax

seed = 42 / 2
key = jax.random.key(seed)  # expect: JXE133
print(jax.random.normal(key))
