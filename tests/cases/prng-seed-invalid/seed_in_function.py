import jax

BASE_SEED = 1.5


def make_keys(n):
    key = jax.random.key(BASE_SEED)  # expect: JXE133
    return jax.random.split(key, n)


print(make_keys(2))
