import jax.random as jr


def init(key, n):
    return jr.uniform(jr.split(key), (n,), minval=-1.0)  # expect: JXE128


print(init(jr.key(1), 3))
