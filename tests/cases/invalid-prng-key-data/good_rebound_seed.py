import jax

key = 0
key = jax.random.key(key)
print(jax.random.normal(key))
state = 1
for step in range(2):
    state = jax.random.fold_in(jax.random.key(step), 3)
print(jax.random.normal(state))
