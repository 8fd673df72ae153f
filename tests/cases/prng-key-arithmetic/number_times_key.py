import jax

base = jax.random.key(42)
scaled = 2 * base  # expect: JXE129
print(scaled)
