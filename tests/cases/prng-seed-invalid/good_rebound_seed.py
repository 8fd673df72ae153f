import jax

seed = 2.5
seed = int(seed)
print(jax.random.key(seed))
value = 0.5
for value in range(2):
    pass
print(jax.random.key(value))
