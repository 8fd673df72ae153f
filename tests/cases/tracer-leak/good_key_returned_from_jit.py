import jax
from jax import random


@jax.jit
def sample(key):
    key, subkey = random.split(key)
    return key, random.normal(subkey, ())


key = random.key(0)
key, first = sample(key)
print(first, random.normal(key, ()))
