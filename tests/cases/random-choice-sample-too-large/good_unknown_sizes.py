import jax


def sample(key, n, k):
    return jax.random.choice(key, n, shape=(k,), replace=False)


print(sample(jax.random.key(0), 10, 3))
