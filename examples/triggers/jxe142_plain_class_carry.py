"""A plain Python class used as the state of a lax.fori_loop (JXE142).

The loop's carry must be arrays, numbers or pytrees of them; an instance of an unregistered
class is none of those.
"""

import jax.numpy as jnp
from jax import lax


class Accumulator:
    def __init__(self, total, count):
        self.total = total
        self.count = count


def body(i, acc):
    return Accumulator(acc.total + i, acc.count + 1)


result = lax.fori_loop(0, 5, body, Accumulator(jnp.float32(0.0), 0))  # expect: JXE142
print(result.total)
