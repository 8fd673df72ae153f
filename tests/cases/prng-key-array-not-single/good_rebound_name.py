import jax

key = jax.random.key(0)
keys = jax.random.split(key)
keys = keys[1]
print(jax.random.normal(keys))


def sample(keys, flag):
    if flag:
        keys = jax.random.split(keys)[0]
    return jax.random.normal(keys)


print(sample(key, True))
