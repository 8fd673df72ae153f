import jax
from numpy import asarray

print(asarray(jax.random.key(5)))  # expect: JXE132
