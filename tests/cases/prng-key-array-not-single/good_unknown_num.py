import jax


def make(key, num):
    keys = jax.random.split(key, num)
    return jax.random.normal(keys)


print(make(jax.random.key(0), ()))
