import jax

seed = 0
key = jax.random.key(seed)
raw = jax.random.PRNGKey(seed)
print(jax.random.normal(key, (3,)), jax.random.normal(raw, (3,)))
