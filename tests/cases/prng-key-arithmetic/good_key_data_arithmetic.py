import jax

key = jax.random.key(0)
data = jax.random.key_data(key) + 1
print(jax.random.normal(jax.random.wrap_key_data(data)))
