import jax

key = jax.random.PRNGKey(0)
sub = jax.random.PRNGKey(key)  # expect: JXE133
print(jax.random.normal(sub, (2,)))
