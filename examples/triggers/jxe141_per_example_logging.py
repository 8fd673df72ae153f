"""Per-example host logging with an ordered io_callback, then vmapped over a batch (JXE141).

`ordered=True` promises the calls happen in program order; a batch of examples has no single
order, so JAX refuses to batch the callback.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def log_example(example):
    SEEN.append(np.asarray(example).tolist())
    return np.int32(len(SEEN))


def predict(w, x):
    io_callback(log_example, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)  # expect: JXE141
    return jnp.dot(w, x)


print(jax.vmap(predict, in_axes=(None, 0))(jnp.ones(3), jnp.ones((4, 3))))
