import jax

noise = jax.random.normal(0, (3,))  # expect: JXE130
print(noise)
