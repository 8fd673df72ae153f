import jax
from jax import random

key = random.key(0)


def sample():
    global key
    key, subkey = random.split(key)  # expect: JXE077
    return random.normal(subkey, ())


sample = jax.jit(sample)
print(sample())
print(random.normal(key, ()))
