import sys

import jax.numpy as jnp

weights, bias = jnp.ones((2, 4)), jnp.zeros((4,))
print(weights + bias)  # (2, 4) and (4,) broadcast
signal, noise = jnp.ones((2, 4)), jnp.zeros((3, 4))
if len(sys.argv) < 5:
    noise = jnp.zeros((2, 4))
print(signal + noise)  # noise may be (2, 4): unknown
