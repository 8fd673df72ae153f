import jax

noise = jax.random.randn(3)  # expect: JXE174
print(noise)
