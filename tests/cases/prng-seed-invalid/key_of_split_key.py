import jax

_, sub = jax.random.split(jax.random.PRNGKey(1))
print(jax.random.key(seed=sub))  # expect: JXE133
