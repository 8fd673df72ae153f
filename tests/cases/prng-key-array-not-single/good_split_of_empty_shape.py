import jax

key = jax.random.key(0)
single = jax.random.split(key, ())
print(jax.random.normal(single))
