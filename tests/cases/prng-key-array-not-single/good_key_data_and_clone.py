import jax

keys = jax.random.split(jax.random.key(0), 3)
print(jax.random.key_data(keys).shape)
print(jax.random.clone(keys).shape)
print(jax.random.normal(jax.random.wrap_key_data(jax.random.key_data(keys)[0])))
