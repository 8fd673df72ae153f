import jax

seed = 42 // 2
print(jax.random.normal(jax.random.key(seed)))
print(jax.random.normal(jax.random.PRNGKey(int(3.0))))
print(jax.random.key(True))
