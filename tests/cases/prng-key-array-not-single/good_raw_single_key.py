import jax

key = jax.random.PRNGKey(0)
key, sub = jax.random.split(key)
print(jax.random.normal(sub, (2,)))
print(jax.random.uniform(key))
data = jax.random.key_data(jax.random.split(jax.random.key(1), 3))
print(data.shape)
