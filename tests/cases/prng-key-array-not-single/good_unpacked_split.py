import jax

key = jax.random.key(0)
key, subkey = jax.random.split(key)
print(jax.random.normal(subkey, (3,)))
keys = jax.random.split(key, 3)
print(jax.random.normal(keys[0], (3,)))
