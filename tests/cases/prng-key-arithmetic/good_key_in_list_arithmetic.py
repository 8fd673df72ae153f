import jax

keys = [jax.random.key(0)] * 3
more = keys + [jax.random.key(1)]
print(len(more))
