import jax


def make(seed):
    return jax.random.key(seed)


print(make(3))
