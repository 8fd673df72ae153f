import jax

key = jax.random.key(0)
for step in range(3):
    print(jax.random.normal(jax.random.fold_in(key, step)))
