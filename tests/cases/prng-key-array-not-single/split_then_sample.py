import jax

key = jax.random.key(0)
keys = jax.random.split(key)
noise = jax.random.normal(keys, (3,))  # expect: JXE128
print(noise)
