"""A per-example function that adds into a running total made outside it, vmapped (JXE015).

Under `jax.vmap` the total is one unbatched buffer shared by all examples; JAX refuses to
write into it from inside the vmapped function.
"""

import jax
import jax.numpy as jnp

running_loss = jax.new_ref(jnp.zeros(()))


def example_loss(x, y):
    loss = (jnp.tanh(x) - y) ** 2
    running_loss[...] += loss  # expect: JXE015
    return loss


xs = jnp.linspace(-1.0, 1.0, 8)
ys = jnp.zeros(8)
jax.vmap(example_loss)(xs, ys)
