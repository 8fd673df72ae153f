import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)


def reseed(seed):
    global key
    key = jax.random.key(seed)


x = jax.random.normal(key, (2,))
reseed(1)
y = jax.random.normal(key, (2,))
for i in range(2):
    reseed(i + 2)
    print(jax.random.uniform(key))
print(x, y)
