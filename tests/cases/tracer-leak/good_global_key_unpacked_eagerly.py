import jax
from jax import random

key = random.key(0)


def sample():
    global key
    key, subkey = random.split(key)  # no transformation: a concrete key
    return random.normal(subkey, ())


print(sample())
print(random.normal(key, ()))
print(jax.jit(lambda k: random.normal(k, ()))(key))
