import jax
from jax import lax

mask = jax.numpy.ones(4, dtype=bool)
bits = jax.numpy.arange(4)
print(lax.bitwise_and(mask, bits))  # expect: JXE098
