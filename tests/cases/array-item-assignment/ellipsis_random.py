import jax

key = jax.random.key(0)
noise = jax.random.normal(key, (3,))
noise[...] = 0.0  # expect: JXE080
print(noise)
