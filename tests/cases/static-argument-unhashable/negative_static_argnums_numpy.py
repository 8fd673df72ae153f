import numpy as np

import jax
import jax.numpy as jnp


def broadcast(x, shape):
    return jnp.broadcast_to(x, tuple(shape))


shape = np.array([2, 3])
print(jax.jit(broadcast, static_argnums=-1)(jnp.ones(3), shape))  # expect: JXE082
