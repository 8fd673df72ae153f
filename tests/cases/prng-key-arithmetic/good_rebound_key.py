import jax

key = jax.random.key(0)
key = jax.random.key_data(key)
print(key + 1)
seed = 3
key = jax.random.key(seed)
seed = seed + 1
print(seed, jax.random.normal(key))
