import sys

import jax.numpy as jnp


def tile(x, shape):
    return jnp.broadcast_to(x, shape)


n = len(sys.argv) + 3
print(jnp.broadcast_to(jnp.ones(4), (n,)))
print(tile(jnp.ones(3), (2, 3)))
y = jnp.ones(3)
if n > 100:
    y = jnp.ones(5)
print(jnp.broadcast_to(y, (2, 3)))
shape = [2, 3]
shape.append(1)
print(jnp.broadcast_to(jnp.ones(1), shape))
