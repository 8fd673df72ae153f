import jax

NUM_ITEMS = 4
BATCH = (8,)
key = jax.random.split(jax.random.key(0))[0]
print(jax.random.choice(key, NUM_ITEMS, BATCH, replace=False, p=None))  # expect: JXE134
