import jax

k1, k2 = jax.random.split(jax.random.key(0))
print(jax.random.choice(k1, 5, shape=(10,)))
print(jax.random.choice(k2, 5, shape=(10,), replace=True))
